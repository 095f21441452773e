import { retryDelay, shouldRetryMutation, shouldRetryQuery } from './retry';

describe('shouldRetryQuery', () => {
  it.each([
    '401: Unauthorized',
    '403: Forbidden',
    '400: Bad request',
    '404: Story not found',
    '422: Validation failed',
    'Request was unauthorized',
    'FORBIDDEN',
  ])('never retries "%s"', (message) => {
    expect(shouldRetryQuery(0, new Error(message))).toBe(false);
  });

  it('retries other failures up to two times', () => {
    const error = new Error('500: internal error');
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(false);
  });

  it('retries the network error', () => {
    const error = new Error('Network error: Unable to connect to server. Please check your internet connection.');
    expect(shouldRetryQuery(0, error)).toBe(true);
  });
});

describe('shouldRetryMutation', () => {
  it.each([
    '400: Bad request',
    '401: Unauthorized',
    '403: Forbidden',
    '404: Not found',
    '409: This story is already waiting for review',
    '422: Invalid',
  ])(
    'never retries "%s"',
    (message) => {
      expect(shouldRetryMutation(0, new Error(message))).toBe(false);
    },
  );

  it('retries other failures once', () => {
    const error = new Error('503: Service unavailable');
    expect(shouldRetryMutation(0, error)).toBe(true);
    expect(shouldRetryMutation(1, error)).toBe(false);
  });
});

describe('retryDelay', () => {
  it('doubles from one second and stops at ten seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });
});
