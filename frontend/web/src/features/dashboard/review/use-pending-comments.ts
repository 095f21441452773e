//! The comment queue across all stories: a page at a time, oldest first, and the bulk decision.
import {
  getListCommentsQueryKey,
  getListPendingCommentsQueryKey,
  getQueueCountsQueryKey,
  listPendingComments,
  useModerateComments,
  type BulkActionDto,
  type CommentDto,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '@/hooks/use-paged-list';
import { toast } from '@/hooks/use-toast';
import { showMutationError } from '@/lib/api-errors';

/** The server's default page of the comment queue. */
export const PENDING_COMMENTS_PER_PAGE = 20;

export type QueuedComment = CommentDto & { storyTitle: string };

export function usePendingComments() {
  const params = { limit: PENDING_COMMENTS_PER_PAGE };
  return usePagedList<QueuedComment>({
    queryKey: [...getListPendingCommentsQueryKey(params), 'paged'],
    pageSize: PENDING_COMMENTS_PER_PAGE,
    fetchPage: async (page, options) =>
      (await listPendingComments(page, options)).map(({ comment, storyTitle }) => ({ ...comment, storyTitle })),
  });
}

/** Approve or delete several comments; afterwards the queue and the stories' comment lists refresh. */
export function useModeratePendingComments({
  storiesOf,
  onDone,
}: {
  /** The stories the given comments belong to. */
  storiesOf: (ids: readonly number[]) => number[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  return useModerateComments({
    mutation: {
      onSuccess: async ({ changed }, { data }) => {
        const approved = data.action === 'approve';
        const noun = changed === 1 ? 'comment' : 'comments';
        toast({ title: approved ? `${changed} ${noun} approved` : `${changed} ${noun} deleted` });
        onDone();
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: getListPendingCommentsQueryKey() }),
          queryClient.invalidateQueries({ queryKey: getQueueCountsQueryKey() }),
          ...storiesOf(data.ids).map((storyId) =>
            queryClient.invalidateQueries({ queryKey: getListCommentsQueryKey(storyId) }),
          ),
        ]);
      },
      onError: (error, { data }) => showMutationError(error, { text: failureText(data.action) }),
    },
  });
}

function failureText(action: BulkActionDto): string {
  return action === 'approve' ? 'Failed to approve comments' : 'Failed to delete comments';
}
