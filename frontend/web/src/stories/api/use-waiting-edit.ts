//! The edit of a live story that waits for review (`GET /api/stories/{id}/pending-edit`), read
//! when its author reopens the story, and taken back by them (`DELETE`, "Withdraw edit").
import {
  getGetPendingEditQueryKey,
  getPendingEdit,
  useWithdrawPendingEdit,
  type PendingEditDto,
} from '@grace-stories/sdk/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { httpStatus, showMutationError } from '@/lib/api-errors';
import { useStoryChanged } from './story-changed';

/** Extends the generated key, so invalidating `getGetPendingEditQueryKey(id)` refreshes it too. */
function waitingEditKey(storyId: number) {
  return [...getGetPendingEditQueryKey(storyId), 'or-none'] as const;
}

/**
 * The waiting edit, or null when none waits (the server's 404). Asked again each time a form
 * mounts, like the story itself: a reviewer may have decided on it since the last look.
 */
export function useWaitingEdit(storyId: number, enabled: boolean) {
  return useQuery({
    queryKey: waitingEditKey(storyId),
    queryFn: async ({ signal }): Promise<PendingEditDto | null> => {
      try {
        return await getPendingEdit(storyId, { signal });
      } catch (error) {
        if (httpStatus(error) === 404) return null;
        throw error;
      }
    },
    enabled,
    // Stale at once: the form enables this query only after the story's own answer, which is
    // after mount, so `refetchOnMount` alone would leave an older cached answer unasked.
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/**
 * Withdraw edit: the server drops the waiting edit and answers the live story, which the form
 * then shows (the waiting edit becomes null in the cache, so the form is built again).
 */
export function useWithdrawEdit(storyId: number) {
  const queryClient = useQueryClient();
  const storyChanged = useStoryChanged();
  return useWithdrawPendingEdit({
    mutation: {
      onSuccess: async (live) => {
        queryClient.setQueryData(waitingEditKey(storyId), null);
        toast({
          title: 'Edit withdrawn',
          description: 'The live story keeps its current text. You can edit it again now.',
        });
        await storyChanged({ storyId, story: live });
      },
      onError: async (error) => {
        if (httpStatus(error) === 404) {
          // A reviewer decided on it meanwhile: show the story as it stands now.
          toast({
            title: 'This edit is no longer waiting',
            description: 'A reviewer has already decided on it. The form now shows the story as it is.',
          });
          // The open form asks for the waiting edit again (none now) besides the story and its lists.
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: getGetPendingEditQueryKey(storyId) }),
            storyChanged({ storyId }),
          ]);
          return;
        }
        showMutationError(error, { text: 'Failed to withdraw edit' });
      },
    },
  });
}
