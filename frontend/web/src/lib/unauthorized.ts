//! docs/product.md#errors: what the site does when the server says the session is gone. The QueryClient's caches
//! (`app/query-client.ts`) call `signInAgain` for every 401, so screens do not handle it themselves.
import { ApiError } from '@grace-stories/sdk/react';
import { toast } from '@/hooks/use-toast';
import { browser } from './browser';

/** docs/product.md#screens: the redirect to /api/login follows the toast after 500 ms. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

let redirecting = false;

/**
 * Toast 'Unauthorized' / 'You are logged out. Logging in again...', then /api/login after 500 ms.
 * Calls made while that redirect is pending do nothing: several requests failing with the same
 * expired session lead to one toast and one redirect.
 */
export function handleUnauthorized(): void {
  if (redirecting) return;
  redirecting = true;
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => {
    redirecting = false;
    browser.go('/api/login');
  }, UNAUTHORIZED_REDIRECT_MS);
}

/** True for a 401 answer (the session expired or never existed). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** The 401s already turned into the sign-in redirect, so a screen's own error handler stays quiet. */
const sentToSignIn = new WeakSet<object>();

/**
 * The caches' handler: a 401 sends the visitor to sign in again, unless the query or mutation
 * reads a 401 its own way (`meta.handlesUnauthorized`: the user query, where it means signed
 * out, and the sign-in forms, where it means a wrong password).
 */
export function signInAgain(error: unknown, meta: { handlesUnauthorized?: boolean } | undefined): void {
  if (meta?.handlesUnauthorized || !isUnauthorizedError(error)) return;
  if (typeof error === 'object' && error !== null) sentToSignIn.add(error);
  handleUnauthorized();
}

/** True when `signInAgain` has already dealt with this error. */
export function isSentToSignIn(error: unknown): boolean {
  return typeof error === 'object' && error !== null && sentToSignIn.has(error);
}
