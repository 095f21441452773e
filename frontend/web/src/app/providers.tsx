import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { queryClient as appQueryClient } from './query-client';

/**
 * Everything a screen relies on: the query cache and the toast queue. Tooltips bring their own
 * provider where they are used (`TooltipProvider`), so their code is not in the first script.
 */
export function AppProviders({ children, client = appQueryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
