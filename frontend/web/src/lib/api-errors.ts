//! Reading a refusal's own text, for screens that show it without the SDK's "status: " prefix.
import { ApiError } from '@grace-stories/sdk';

/** The `message` field of an error answer's body, or null when there is none. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body: unknown = error.body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  return null;
}
