//! Retry rules of docs/product.md#errors as pure functions, so the QueryClient settings can be tested alone.
//! They read the HTTP status the SDK's `ApiError` carries; an error without one (nothing answered)
//! is retried.
import { httpStatus } from './api-errors';

// docs/product.md#errors names 401, 403 ('unauthorized', 'forbidden'), 400, 404 and 422.
const QUERY_NO_RETRY: ReadonlySet<number> = new Set([400, 401, 403, 404, 422]);
// 409 is added to the product's list: a conflict with the story's state (already waiting for review,
// already published) cannot be fixed by sending the same request again (README "Decisions"); nor
// can a picture that is too large (413) or not a picture (415).
const MUTATION_NO_RETRY: ReadonlySet<number> = new Set([400, 401, 403, 404, 409, 413, 415, 422]);

export const MAX_QUERY_RETRIES = 2;
export const MAX_MUTATION_RETRIES = 1;
export const RETRY_BASE_DELAY_MS = 1000;
export const RETRY_MAX_DELAY_MS = 10_000;

function refusedWith(error: unknown, statuses: ReadonlySet<number>): boolean {
  const status = httpStatus(error);
  return status !== null && statuses.has(status);
}

/** Queries: never retried on 400/401/403/404/422, otherwise up to two retries. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (refusedWith(error, QUERY_NO_RETRY)) return false;
  return failureCount < MAX_QUERY_RETRIES;
}

/** Mutations: never retried on 400/401/403/404/409/413/415/422, otherwise retried once. */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  if (refusedWith(error, MUTATION_NO_RETRY)) return false;
  return failureCount < MAX_MUTATION_RETRIES;
}

/** Delay before retry number `attemptIndex + 1`: 1 s, 2 s, 4 s, 8 s, then 10 s at most. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attemptIndex, RETRY_MAX_DELAY_MS);
}
