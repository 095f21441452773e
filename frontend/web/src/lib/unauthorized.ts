//! Spec §8: what a screen does when the server says the session is gone.
import { ApiError } from '@grace-stories/sdk';
import { toast } from '@/hooks/use-toast';
import { browser } from './browser';

/** Spec §9: the redirect to /api/login follows the toast after 500 ms. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/** Toast 'Unauthorized' / 'You are logged out. Logging in again...', then /api/login after 500 ms. */
export function handleUnauthorized(): void {
  toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
  setTimeout(() => browser.go('/api/login'), UNAUTHORIZED_REDIRECT_MS);
}

/** True for a 401 answer (the session expired or never existed). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
