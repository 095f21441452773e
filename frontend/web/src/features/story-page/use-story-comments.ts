//! A story's comments, newest first, ten at a time (docs/product.md#screens), with the total from
//! `X-Total-Count`: the shared paged list (`hooks/use-paged-list.ts`) under the generated key.
import { getListCommentsQueryKey, listComments, type CommentDto } from '@grace-stories/sdk/react';
import { usePagedList } from '@/hooks/use-paged-list';

/** docs/product.md#screens: comments fetched per story (one page; "Show older comments" loads the next ten). */
export const COMMENTS_PER_PAGE = 10;

/**
 * The key extends the generated one, so invalidating `getListCommentsQueryKey(storyId)` after a
 * comment is posted, approved or deleted refetches every page loaded so far.
 */
export function useStoryComments(storyId: number) {
  return usePagedList<CommentDto>({
    queryKey: [...getListCommentsQueryKey(storyId), 'paged'],
    pageSize: COMMENTS_PER_PAGE,
    fetchPage: (page, options) => listComments(storyId, page, options),
  });
}
