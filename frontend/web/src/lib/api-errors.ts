//! Reading a refusal's own text, for screens that show it without the SDK's "status: " prefix.
import { ApiError } from '@grace-stories/sdk';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** The `message` field of an error answer's body, or null when there is none. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body: unknown = error.body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  return null;
}

/**
 * Puts a 400 answer's field errors (`{"errors": [{field, message}]}`) under the form's fields
 * that carry those names; errors of other fields are ignored. Returns how many were shown.
 */
export function showServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): number {
  if (!(error instanceof ApiError)) return 0;
  let first: string | null = null;
  for (const { field, message } of error.fieldErrors) {
    const name = fields.find((f) => f === field);
    if (name) {
      setError(name, { type: 'server', message });
      first ??= name;
    }
  }
  if (first) revealField(first);
  return first ? error.fieldErrors.filter(({ field }) => fields.some((f) => f === field)).length : 0;
}

/**
 * Focuses the first refused field and scrolls it to the middle of the window, clear of the
 * sticky header and of the toast that reports the failure at the top of a phone's screen.
 */
function revealField(name: string): void {
  const element = document.querySelector<HTMLElement>(`[name="${name}"]`);
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}
