//! The super admin's user mutations with the toasts of docs/product.md#errors; lists are refreshed afterwards.
import {
  getListPendingUsersQueryKey,
  getListUsersQueryKey,
  getQueueCountsQueryKey,
  useDeleteUser,
  useReinstateUser,
  useSetUserRole,
  useSuspendUser,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { showMutationError } from '@/lib/api-errors';

function useRefreshUserLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getListPendingUsersQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListUsersQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getQueueCountsQueryKey() }),
    ]);
}

export function useChangeUserRole() {
  const refresh = useRefreshUserLists();
  return useSetUserRole({
    mutation: {
      onSuccess: () => {
        toast({ title: 'User role updated successfully' });
        return refresh();
      },
      onError: (error) => showMutationError(error, { text: 'Failed to update user role' }),
    },
  });
}

export function useRemoveUser() {
  const refresh = useRefreshUserLists();
  return useDeleteUser({
    mutation: {
      onSuccess: () => {
        toast({ title: 'User deleted successfully' });
        return refresh();
      },
      onError: (error) => showMutationError(error, { text: 'Failed to delete user' }),
    },
  });
}

/** A refusal that explains itself (your own account, the last super admin): its message is shown. */
function failure(error: unknown, text: string) {
  showMutationError(error, { text, explainRefusal: true });
}

/** Suspend: approval off and sessions ended on the server, the reason mailed to the person. */
export function useSuspend(onDone?: () => void) {
  const refresh = useRefreshUserLists();
  return useSuspendUser({
    mutation: {
      onSuccess: (user) => {
        toast({
          title: 'User suspended',
          description: `${user.email} can no longer sign in. The reason was e-mailed to them.`,
        });
        onDone?.();
        return refresh();
      },
      onError: (error) => failure(error, 'Failed to suspend user'),
    },
  });
}

export function useReinstate() {
  const refresh = useRefreshUserLists();
  return useReinstateUser({
    mutation: {
      onSuccess: (user) => {
        toast({ title: 'User reinstated', description: `${user.email} can sign in again.` });
        return refresh();
      },
      onError: (error) => failure(error, 'Failed to reinstate user'),
    },
  });
}
