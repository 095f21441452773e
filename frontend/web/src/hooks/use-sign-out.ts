//! Spec §7: `POST /api/logout`; afterwards the cached user is null and every cached answer is gone.
import { useLogout } from '@grace-stories/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { authQueryKey } from './use-auth';

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
    queryClient.clear();
    queryClient.setQueryData(authQueryKey, null);
    navigate('/');
  };
  return { signOut, isPending };
}
