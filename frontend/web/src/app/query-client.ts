//! The one QueryClient of the site, with the caching and retry settings of docs/product.md#errors and the one
//! place where a 401 sends the visitor to sign in again.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { retryDelay, shouldRetryMutation, shouldRetryQuery } from '@/lib/retry';
import { signInAgain } from '@/lib/unauthorized';

/** What a query or mutation tells the caches about itself. */
type RequestMeta = {
  /**
   * This request reads a 401 its own way, so the caches do not send the visitor to sign in: the
   * user query (401 means signed out), the sign-in and registration forms (a wrong password), the
   * share widget's export ('Please log in to export stories').
   */
  handlesUnauthorized?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => signInAgain(error, query.meta) }),
    // Runs before the mutation's own `onError`, which then leaves a 401 alone (`showMutationError`).
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => signInAgain(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        retry: shouldRetryQuery,
        retryDelay,
      },
      mutations: {
        retry: shouldRetryMutation,
        retryDelay,
      },
    },
  });
}

export const queryClient = createQueryClient();
