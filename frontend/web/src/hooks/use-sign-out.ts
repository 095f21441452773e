//! docs/product.md#screens: `POST /api/logout`; afterwards the cached user is null and every cached answer is gone.
import { useLogout } from '@grace-stories/sdk/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { clearAdminSession } from '@/lib/admin-session';
import { authQueryKey } from './use-auth';

const AUTH_KEY = JSON.stringify(authQueryKey);

/**
 * Forgets the session on this page: the cached user becomes `null` and every other cached query
 * is removed. The user query itself is kept (holding `null`) rather than removed, so that the
 * screens already watching it (the route table among them) hear that nobody is signed in; after
 * `queryClient.clear()` they would keep showing the previous user until a reload. The
 * `adminUser` entry of the admin sign-in goes too: it describes a session that has ended.
 */
export function forgetSession(queryClient: QueryClient): void {
  clearAdminSession();
  queryClient.setQueryData(authQueryKey, null);
  queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== AUTH_KEY });
  queryClient.getMutationCache().clear();
}

/** Signs out through the API and returns to `/` signed out (also when the session had already ended). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { mutateAsync, isPending } = useLogout();
  const signOut = async () => {
    try {
      await mutateAsync();
    } catch {
      // An expired session is already signed out; the local state is reset either way.
    }
    forgetSession(queryClient);
    navigate('/');
  };
  return { signOut, isPending };
}
