//! Retry rules of spec §8/§9 as pure functions, so the QueryClient settings can be tested alone.

const QUERY_NO_RETRY = ['401', '403', 'unauthorized', 'forbidden', '400', '404', '422'];
// 409 is added to the spec's list: a conflict with the story's state (already waiting for review,
// already published) cannot be fixed by sending the same request again (README "Decisions").
const MUTATION_NO_RETRY = ['400', '401', '403', '404', '409', '422'];

export const MAX_QUERY_RETRIES = 2;
export const MAX_MUTATION_RETRIES = 1;
export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 10_000;

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message.toLowerCase();
  return String(error).toLowerCase();
}

function mentionsAny(error: unknown, markers: readonly string[]): boolean {
  const text = errorText(error);
  return markers.some((marker) => text.includes(marker));
}

/** Queries: never retried on client or auth errors, otherwise up to two retries. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (mentionsAny(error, QUERY_NO_RETRY)) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** Mutations: never retried on 400/401/403/404/409/422, otherwise retried once. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (mentionsAny(error, MUTATION_NO_RETRY)) return false;
  return failureCount < MAX_MUTATION_RETRIES;
}

/** Delay before retry number `attemptIndex + 1`: 1 s, 2 s, 4 s, 8 s, then 10 s at most. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attemptIndex, RETRY_MAX_DELAY_MS);
}
