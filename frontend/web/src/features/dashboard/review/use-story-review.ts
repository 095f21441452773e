//! The reviewers' story mutations with the toasts of spec §8; the queue and the story lists are
//! refreshed afterwards.
import {
  getGetStoryQueryKey,
  getListPendingStoriesQueryKey,
  getListStoriesQueryKey,
  useAdminDeleteStory,
  useApproveStory,
  useRejectStory,
} from '@grace-stories/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/unauthorized';

function useAfterReview() {
  const queryClient = useQueryClient();
  return {
    done: (title: string, storyId: number, description?: string) => {
      toast({ title, description });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: getListPendingStoriesQueryKey() }),
        queryClient.invalidateQueries({ queryKey: getListStoriesQueryKey() }),
        queryClient.invalidateQueries({ queryKey: getGetStoryQueryKey(storyId) }),
      ]);
    },
    failed: (error: unknown, description: string) => {
      if (isUnauthorizedError(error)) return handleUnauthorized();
      toast({ title: 'Error', description, variant: 'destructive' });
    },
  };
}

export function useStoryReview() {
  const { done, failed } = useAfterReview();
  const approve = useApproveStory({
    mutation: {
      onSuccess: (_, { id }) => done('Story approved successfully', id),
      onError: (error) => failed(error, 'Failed to approve story'),
    },
  });
  const reject = useRejectStory({
    mutation: {
      onSuccess: (_, { id }) => done('Story rejected', id),
      onError: (error) => failed(error, 'Failed to reject story'),
    },
  });
  /** The same call on a staged edit of a live story: only the edit goes. */
  const rejectEdit = useRejectStory({
    mutation: {
      onSuccess: (_, { id }) => done('Edit rejected', id, 'The live story stays as it was.'),
      onError: (error) => failed(error, 'Failed to reject edit'),
    },
  });
  const remove = useAdminDeleteStory({
    mutation: {
      onSuccess: (_, { id }) => done('Story deleted successfully', id),
      onError: (error) => failed(error, 'Failed to delete story'),
    },
  });
  return {
    approve,
    reject,
    rejectEdit,
    remove,
    busy: approve.isPending || reject.isPending || rejectEdit.isPending || remove.isPending,
  };
}
