import { ApiError } from '@grace-stories/sdk/react';
import type { MockInstance } from 'vitest';
import { toast } from '@/hooks/use-toast';
import { browser } from './browser';
import {
  handleUnauthorized,
  isSentToSignIn,
  isUnauthorizedError,
  signInAgain,
  UNAUTHORIZED_REDIRECT_MS,
} from './unauthorized';

// The toasts are read from the spy; the rest of the module (the queue the test setup empties) stays real.
vi.mock('@/hooks/use-toast', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  toast: vi.fn(),
}));

const UNAUTHORIZED_TOAST = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
  variant: 'destructive',
};

let go: MockInstance<typeof browser.go>;

beforeEach(() => {
  vi.useFakeTimers();
  go = vi.spyOn(browser, 'go').mockImplementation(() => {});
});

afterEach(() => {
  // Let a pending redirect happen, so the next test starts with none.
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.mocked(toast).mockClear();
});

describe('handleUnauthorized', () => {
  it('goes to /api/login 500 ms after the toast', () => {
    handleUnauthorized();
    expect(toast).toHaveBeenCalledWith(UNAUTHORIZED_TOAST);
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS - 1);
    expect(go).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(go).toHaveBeenCalledWith('/api/login');
  });

  it('gives one toast and one redirect when several calls come while it is pending', () => {
    handleUnauthorized();
    handleUnauthorized();
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS / 2);
    handleUnauthorized();
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS);
    expect(toast).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('acts again once the redirect has been made (the page stayed, as in tests)', () => {
    handleUnauthorized();
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS);
    handleUnauthorized();
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS);
    expect(toast).toHaveBeenCalledTimes(2);
    expect(go).toHaveBeenCalledTimes(2);
  });

  it('recognises only 401 answers', () => {
    expect(isUnauthorizedError(new ApiError(401, 'Not signed in', undefined))).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, 'Forbidden', undefined))).toBe(false);
    expect(isUnauthorizedError(new Error('401: text only'))).toBe(false);
  });
});

describe('signInAgain (the caches’ handler)', () => {
  it('sends a 401 to sign in and remembers that it did', () => {
    const error = new ApiError(401, 'Not signed in', undefined);
    signInAgain(error, undefined);
    expect(isSentToSignIn(error)).toBe(true);
    expect(toast).toHaveBeenCalledWith(UNAUTHORIZED_TOAST);
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS);
    expect(go).toHaveBeenCalledWith('/api/login');
  });

  it('leaves a 401 to a request that reads it its own way', () => {
    const error = new ApiError(401, 'Invalid email or password', undefined);
    signInAgain(error, { handlesUnauthorized: true });
    expect(isSentToSignIn(error)).toBe(false);
    expect(toast).not.toHaveBeenCalled();
  });

  it.each([
    ['a 403', new ApiError(403, 'Forbidden', undefined)],
    ['a 500', new ApiError(500, 'internal error', undefined)],
    ['the network error', new Error('Network error: Unable to connect to server.')],
  ])('ignores %s', (_, error) => {
    signInAgain(error, undefined);
    expect(isSentToSignIn(error)).toBe(false);
    expect(toast).not.toHaveBeenCalled();
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS);
    expect(go).not.toHaveBeenCalled();
  });
});
