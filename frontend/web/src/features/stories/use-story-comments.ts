//! A story's comments, newest first, ten at a time (docs/product.md#screens), with the total from `X-Total-Count`.
import { getListCommentsQueryKey, listComments, type CommentDto, type RequestOptions } from '@grace-stories/sdk/react';
import { useInfiniteQuery } from '@tanstack/react-query';

/** docs/product.md#screens: comments fetched per story (one page; "Show older comments" loads the next ten). */
export const COMMENTS_PER_PAGE = 10;

type CommentsPage = { comments: CommentDto[]; total: number };

/**
 * The key extends the generated one, so invalidating `getListCommentsQueryKey(storyId)` after a
 * comment is posted, approved or deleted refetches every page loaded so far.
 */
export function useStoryComments(storyId: number) {
  const query = useInfiniteQuery({
    queryKey: [...getListCommentsQueryKey(storyId), 'paged'],
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<CommentsPage> => {
      let header: string | null = null;
      const options: RequestOptions = {
        signal,
        onResponse: (response) => (header = response.headers.get('X-Total-Count')),
      };
      const comments = await listComments(storyId, { limit: COMMENTS_PER_PAGE, offset: pageParam }, options);
      const total = Number(header);
      return { comments, total: header !== null && Number.isFinite(total) ? total : pageParam + comments.length };
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.comments.length, 0);
      // An empty page means the list shrank meanwhile (a deletion): stop rather than ask again.
      return last.comments.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
  const pages = query.data?.pages ?? [];
  // A comment deleted between two pages shifts the offsets: never show one twice.
  const seen = new Set<number>();
  const comments = pages.flatMap((page) => page.comments).filter((c) => !seen.has(c.id) && seen.add(c.id));
  const total = pages.at(-1)?.total ?? 0;
  return { ...query, comments, total };
}
