//! The reviewers' story queues (new stories, edits of live ones) and their mutations with the toasts
//! of docs/product.md#errors; every decision is "a story changed" (`stories/api/story-changed.ts`).
import {
  getListPendingStoriesQueryKey,
  getQueueCountsQueryKey,
  listPendingStories,
  useAdminDeleteStory,
  useApproveStory,
  useRejectStory,
  type ListPendingStoriesKind,
  type PendingStoryDto,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePagedList } from '@/hooks/use-paged-list';
import { toast } from '@/hooks/use-toast';
import { showMutationError } from '@/lib/api-errors';
import { useStoryChanged, type StoryChange } from '@/stories/api/story-changed';

/** The server's default page of the story queues. */
export const PENDING_STORIES_PER_PAGE = 20;

/** One queue (`new` stories or `edit`s of live ones), oldest first, a page at a time. */
export function usePendingStories(kind: ListPendingStoriesKind) {
  const params = { kind, limit: PENDING_STORIES_PER_PAGE };
  return usePagedList<PendingStoryDto>({
    queryKey: [...getListPendingStoriesQueryKey(params), 'paged'],
    pageSize: PENDING_STORIES_PER_PAGE,
    fetchPage: (page, options) => listPendingStories({ kind, ...page }, options),
  });
}

/** Both story queues (every page loaded, through the generated key without parameters) and the counts. */
export function useRefreshStoryQueues() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getListPendingStoriesQueryKey() }),
        queryClient.invalidateQueries({ queryKey: getQueueCountsQueryKey() }),
      ]),
    [queryClient],
  );
}

function useAfterReview() {
  const storyChanged = useStoryChanged();
  return {
    done: (title: string, change: StoryChange, description?: string) => {
      toast({ title, description });
      return storyChanged(change);
    },
    failed: (error: unknown, text: string) => showMutationError(error, { text }),
  };
}

export function useStoryReview() {
  const { done, failed } = useAfterReview();
  const approve = useApproveStory({
    mutation: {
      onSuccess: (story, { id }) => done('Story approved successfully', { storyId: id, story }),
      onError: (error) => failed(error, 'Failed to approve story'),
    },
  });
  /** The same call on an edit of a live story: the live story takes the edit. */
  const approveEdit = useApproveStory({
    mutation: {
      onSuccess: (story, { id }) => done('Edit approved', { storyId: id, story }, 'The live story now shows the edit.'),
      onError: (error) => failed(error, 'Failed to approve edit'),
    },
  });
  const reject = useRejectStory({
    mutation: {
      onSuccess: (story, { id }) => done('Story rejected', { storyId: id, story }),
      onError: (error) => failed(error, 'Failed to reject story'),
    },
  });
  /** The same call on an edit of a live story: only the edit goes. */
  const rejectEdit = useRejectStory({
    mutation: {
      onSuccess: (story, { id }) => done('Edit rejected', { storyId: id, story }, 'The live story stays as it was.'),
      onError: (error) => failed(error, 'Failed to reject edit'),
    },
  });
  const remove = useAdminDeleteStory({
    mutation: {
      onSuccess: (_, { id }) => done('Story deleted successfully', { storyId: id, deleted: true }),
      onError: (error) => failed(error, 'Failed to delete story'),
    },
  });
  return {
    approve,
    approveEdit,
    reject,
    rejectEdit,
    remove,
    busy: [approve, approveEdit, reject, rejectEdit, remove].some((mutation) => mutation.isPending),
  };
}
