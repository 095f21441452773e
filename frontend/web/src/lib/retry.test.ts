import { ApiError, NETWORK_ERROR_MESSAGE } from '@grace-stories/sdk/react';
import { retryDelay, shouldRetryMutation, shouldRetryQuery } from './retry';

const answer = (status: number, text = 'Refused') => new ApiError(status, text, { message: text });

describe('shouldRetryQuery', () => {
  it.each([400, 401, 403, 404, 422])('never retries a %i answer', (status) => {
    expect(shouldRetryQuery(0, answer(status))).toBe(false);
  });

  it.each([409, 429, 500, 503])('retries a %i answer up to two times', (status) => {
    const error = answer(status);
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(false);
  });

  it('reads the status, not the text', () => {
    expect(shouldRetryQuery(0, answer(500, 'Story 404 could not be rendered'))).toBe(true);
    expect(shouldRetryQuery(0, answer(401, 'Session ended'))).toBe(false);
  });

  it('retries the network error, which has no status', () => {
    const error = new Error(NETWORK_ERROR_MESSAGE);
    expect(shouldRetryQuery(0, error)).toBe(true);
    expect(shouldRetryQuery(1, error)).toBe(true);
    expect(shouldRetryQuery(2, error)).toBe(false);
  });
});

describe('shouldRetryMutation', () => {
  it.each([400, 401, 403, 404, 409, 413, 415, 422])('never retries a %i answer', (status) => {
    expect(shouldRetryMutation(0, answer(status))).toBe(false);
  });

  it.each([429, 500, 503])('retries a %i answer once', (status) => {
    const error = answer(status);
    expect(shouldRetryMutation(0, error)).toBe(true);
    expect(shouldRetryMutation(1, error)).toBe(false);
  });

  it('retries the network error once', () => {
    const error = new Error(NETWORK_ERROR_MESSAGE);
    expect(shouldRetryMutation(0, error)).toBe(true);
    expect(shouldRetryMutation(1, error)).toBe(false);
  });
});

describe('retryDelay', () => {
  it('doubles from one second and stops at ten seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  });
});
