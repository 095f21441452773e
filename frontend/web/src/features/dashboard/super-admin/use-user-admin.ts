//! The super admin's user mutations with the toasts of spec §8; lists are refreshed afterwards.
import {
  getListPendingUsersQueryKey,
  getListUsersQueryKey,
  useDeleteUser,
  useSetUserRole,
} from '@grace-stories/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';

function useRefreshUserLists() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getListPendingUsersQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListUsersQueryKey() }),
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
      onError: (error) => {
        if (isUnauthorizedError(error)) return handleUnauthorized();
        toast({ title: 'Error', description: 'Failed to update user role', variant: 'destructive' });
      },
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
      onError: (error) => {
        if (isUnauthorizedError(error)) return handleUnauthorized();
        toast({ title: 'Error', description: 'Failed to delete user', variant: 'destructive' });
      },
    },
  });
}
