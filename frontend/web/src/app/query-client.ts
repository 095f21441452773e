//! The one QueryClient of the site, with the caching and retry settings of spec §8/§9.
import { QueryClient } from '@tanstack/react-query';
import { retryDelay, shouldRetryMutation, shouldRetryQuery } from '@/lib/retry';

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
