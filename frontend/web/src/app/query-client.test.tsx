import { ApiError } from '@grace-stories/sdk/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { MockInstance } from 'vitest';
import { useAuth } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { browser } from '@/lib/browser';
import { isSentToSignIn } from '@/lib/unauthorized';
import { stubFetch } from '@/test/render-app';
import { createQueryClient } from './query-client';

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

const refuse = (status: number) => () => Promise.reject(new ApiError(status, 'Refused', { message: 'Refused' }));

function runMutation(
  client: QueryClient,
  options: {
    mutationFn: () => Promise<unknown>;
    onError?: (error: Error) => void;
    meta?: { handlesUnauthorized?: boolean };
  },
) {
  return client.getMutationCache().build(client, options).execute(undefined);
}

let go: MockInstance<typeof browser.go>;

beforeEach(() => {
  go = vi.spyOn(browser, 'go').mockImplementation(() => {});
});

afterEach(() => {
  vi.mocked(toast).mockClear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the QueryClient sends a 401 to sign in, in one place', () => {
  it.each([
    ['a query', (client: QueryClient) => client.fetchQuery({ queryKey: ['schedules'], queryFn: refuse(401) })],
    ['a mutation', (client: QueryClient) => runMutation(client, { mutationFn: refuse(401) })],
  ])('from %s: the Unauthorized toast, then /api/login once', async (_, run) => {
    await expect(run(createQueryClient())).rejects.toThrow('401: Refused');
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(UNAUTHORIZED_TOAST);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/login'));
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('once, when several queries and a mutation answer 401 together', async () => {
    const client = createQueryClient();
    const ownOnError = vi.fn();
    await Promise.allSettled([
      client.fetchQuery({ queryKey: ['stories'], queryFn: refuse(401) }),
      client.fetchQuery({ queryKey: ['schedules'], queryFn: refuse(401) }),
      runMutation(client, { mutationFn: refuse(401), onError: ownOnError }),
    ]);
    expect(toast).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(go).toHaveBeenCalledWith('/api/login'));
    expect(go).toHaveBeenCalledTimes(1);
    // The mutation's own handler runs afterwards and can tell that the 401 is dealt with.
    expect(ownOnError).toHaveBeenCalledTimes(1);
    expect(isSentToSignIn(ownOnError.mock.calls[0]?.[0])).toBe(true);
  });

  it('leaves a 401 to a query or mutation that reads it its own way', async () => {
    const client = createQueryClient();
    const meta = { handlesUnauthorized: true };
    await Promise.allSettled([
      client.fetchQuery({ queryKey: ['user'], queryFn: refuse(401), meta }),
      runMutation(client, { mutationFn: refuse(401), meta }),
    ]);
    expect(toast).not.toHaveBeenCalled();
  });

  it('ignores other refusals', async () => {
    const client = createQueryClient();
    await Promise.allSettled([
      client.fetchQuery({ queryKey: ['story'], queryFn: refuse(403) }),
      runMutation(client, { mutationFn: refuse(404) }),
    ]);
    expect(toast).not.toHaveBeenCalled();
  });

  it("treats the user query's 401 as signed out, never as a reason to sign in", async () => {
    stubFetch({ 'GET /api/user': { status: 401, body: { message: 'Not signed in' } } });
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useAuth(), { wrapper });
    await waitFor(() => expect(result.current.isLoading).toBe(false));
    expect(result.current.user).toBeNull();
    expect(toast).not.toHaveBeenCalled();
    expect(go).not.toHaveBeenCalled();
  });
});
