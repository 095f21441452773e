import { ApiError, NETWORK_ERROR_MESSAGE } from '@grace-stories/sdk/react';
import type { UseFormSetError } from 'react-hook-form';
import { toast } from '@/hooks/use-toast';
import { httpStatus, showMutationError } from './api-errors';
import { browser } from './browser';
import { signInAgain } from './unauthorized';

// The toasts are read from the spy; the rest of the module (the queue the test setup empties) stays real.
vi.mock('@/hooks/use-toast', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  toast: vi.fn(),
}));

type StoryValues = { title: string; excerpt: string };

const refusal = (status: number, message: string, body: object = { message }) => new ApiError(status, message, body);

afterEach(() => {
  vi.mocked(toast).mockClear();
  vi.restoreAllMocks();
});

describe('httpStatus', () => {
  it('reads the status of an answer and has none for the network error', () => {
    expect(httpStatus(refusal(409, 'Conflict'))).toBe(409);
    expect(httpStatus(new Error(NETWORK_ERROR_MESSAGE))).toBeNull();
    expect(httpStatus('401')).toBeNull();
  });
});

describe('showMutationError', () => {
  it("toasts the screen's text under 'Error'", () => {
    showMutationError(refusal(500, 'internal error'), { text: 'Failed to add task' });
    expect(toast).toHaveBeenCalledWith({ title: 'Error', description: 'Failed to add task', variant: 'destructive' });
  });

  it.each([403, 409])('appends the reason of a %i refusal when the screen asks for it', (status) => {
    showMutationError(refusal(status, 'This story is already waiting for review'), {
      text: 'Failed to publish story',
      explainRefusal: true,
    });
    expect(toast).toHaveBeenCalledWith({
      title: 'Error',
      description: `Failed to publish story. ${status}: This story is already waiting for review`,
      variant: 'destructive',
    });
  });

  it.each([400, 404, 500])('keeps the plain text for a %i answer', (status) => {
    showMutationError(refusal(status, 'Nope'), { text: 'Failed to delete story', explainRefusal: true });
    expect(toast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Failed to delete story',
      variant: 'destructive',
    });
  });

  it("shows the error's own text when the screen has none", () => {
    showMutationError(refusal(401, 'Invalid email or password'), { title: 'Login failed' });
    expect(toast).toHaveBeenCalledWith({
      title: 'Login failed',
      description: '401: Invalid email or password',
      variant: 'destructive',
    });
    showMutationError(new Error(NETWORK_ERROR_MESSAGE), { title: 'Login failed' });
    expect(toast).toHaveBeenLastCalledWith({
      title: 'Login failed',
      description: NETWORK_ERROR_MESSAGE,
      variant: 'destructive',
    });
  });

  it("puts the server's field errors under the form's fields and still toasts", () => {
    const setError = vi.fn() as unknown as UseFormSetError<StoryValues>;
    const error = refusal(400, 'Validation failed', {
      message: 'Validation failed',
      errors: [
        { field: 'title', message: 'Title is too long' },
        { field: 'unknown', message: 'Not a field of this form' },
      ],
    });
    showMutationError(error, { text: 'Failed to create story', form: { setError, fields: ['title', 'excerpt'] } });
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith('title', { type: 'server', message: 'Title is too long' });
    expect(toast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Failed to create story',
      variant: 'destructive',
    });
  });

  it('stays quiet about a 401 the QueryClient has already sent to sign in', () => {
    vi.useFakeTimers();
    vi.spyOn(browser, 'go').mockImplementation(() => {});
    const error = refusal(401, 'Not signed in');
    signInAgain(error, undefined);
    vi.mocked(toast).mockClear();
    showMutationError(error, { text: 'Failed to publish story', explainRefusal: true });
    expect(toast).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });
});
