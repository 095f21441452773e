import { ApiError } from '@grace-stories/sdk';
import { browser } from './browser';
import { handleUnauthorized, isUnauthorizedError, UNAUTHORIZED_REDIRECT_MS } from './unauthorized';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('handleUnauthorized', () => {
  it('goes to /api/login 500 ms after the toast', () => {
    vi.useFakeTimers();
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    handleUnauthorized();
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_MS - 1);
    expect(go).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(go).toHaveBeenCalledWith('/api/login');
  });

  it('recognises only 401 answers', () => {
    expect(isUnauthorizedError(new ApiError(401, 'Not signed in', undefined))).toBe(true);
    expect(isUnauthorizedError(new ApiError(403, 'Forbidden', undefined))).toBe(false);
    expect(isUnauthorizedError(new Error('401: text only'))).toBe(false);
  });
});
