//! "A story changed": the one place that knows which cached answers a change of a story touches.
//! Every story mutation (create, update, publish, delete, withdraw an edit or consent, approve,
//! reject, unpublish) calls `useStoryChanged()` after the server has answered, so a screen never
//! keeps showing a list, a count or a queue from before the change.
import {
  getGetPendingEditQueryKey,
  getGetSiteInfoQueryKey,
  getGetStoryQueryKey,
  getListBooksQueryKey,
  getListCategoriesQueryKey,
  getListCommentsQueryKey,
  getListPendingCommentsQueryKey,
  getListPendingStoriesQueryKey,
  getListStoriesQueryKey,
  getListStoryRevisionsQueryKey,
  getMyConsentsQueryKey,
  getQueueCountsQueryKey,
  type StoryDto,
} from '@grace-stories/sdk/react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export type StoryChange =
  /** The server answered with the story as it stands now (create, update, publish, approve, ...). */
  | { storyId: number; story: StoryDto }
  /** The story is gone (its author's or a moderator's delete). */
  | { storyId: number; deleted: true }
  /** It changed, and the answer does not carry it (a withdrawn consent, a rejection). */
  | { storyId: number };

/** The first part of a generated key: the request's path. */
const pathOf = (query: Query) => (typeof query.queryKey[0] === 'string' ? query.queryKey[0] : '');

/** Every author's list (`GET /api/stories/author/{id}`): a reviewer's decision changes its author's list too. */
const isAuthorList = (query: Query) => pathOf(query).startsWith(`${getListStoriesQueryKey()[0]}/author/`);

/** The scripture index and its books carry story counts. */
const SCRIPTURE = getListBooksQueryKey()[0];
const isScripture = (query: Query) => pathOf(query) === SCRIPTURE || pathOf(query).startsWith(`${SCRIPTURE}/`);

/**
 * Refreshes every cached answer a change of this story may have touched:
 * - the story itself (`GET /api/stories/{id}`): the server's answer is written in at once and
 *   marked stale without a refetch, or the entry removed after a delete, or refetched otherwise;
 * - its waiting edit (marked stale: the edit form asks again each time it opens), its versions;
 * - every story list (Home, the browser, a passage, the landing page's featured stories) and
 *   every author's own list, whoever changed the story;
 * - the review queues and their counts, the signed-in author's consents;
 * - the figures that count stories: the site's published total, the categories' and the
 *   scripture books' story counts;
 * - after a delete, its comments and the comment queue (its comments went with it).
 *
 * Only queries some screen shows are refetched now; the others are fetched again when next shown.
 */
export function storyChanged(queryClient: QueryClient, change: StoryChange): Promise<unknown> {
  const { storyId } = change;
  const storyKey = getGetStoryQueryKey(storyId);
  const deleted = 'deleted' in change;
  const own: Promise<unknown>[] = [];
  if (deleted) {
    queryClient.removeQueries({ queryKey: storyKey, exact: true });
    queryClient.removeQueries({ queryKey: getGetPendingEditQueryKey(storyId) });
    queryClient.removeQueries({ queryKey: getListStoryRevisionsQueryKey(storyId) });
    queryClient.removeQueries({ queryKey: getListCommentsQueryKey(storyId) });
    own.push(queryClient.invalidateQueries({ queryKey: getListPendingCommentsQueryKey() }));
  } else {
    if ('story' in change) {
      queryClient.setQueryData(storyKey, change.story);
      // It holds the server's answer already; marked stale, the next reader asks the server again.
      own.push(queryClient.invalidateQueries({ queryKey: storyKey, exact: true, refetchType: 'none' }));
    } else {
      own.push(queryClient.invalidateQueries({ queryKey: storyKey, exact: true }));
    }
    own.push(
      queryClient.invalidateQueries({ queryKey: getGetPendingEditQueryKey(storyId), refetchType: 'none' }),
      queryClient.invalidateQueries({ queryKey: getListStoryRevisionsQueryKey(storyId) }),
    );
  }
  return Promise.all([
    ...own,
    queryClient.invalidateQueries({ queryKey: getListStoriesQueryKey() }),
    queryClient.invalidateQueries({ predicate: isAuthorList }),
    queryClient.invalidateQueries({ queryKey: getListPendingStoriesQueryKey() }),
    queryClient.invalidateQueries({ queryKey: getQueueCountsQueryKey() }),
    queryClient.invalidateQueries({ queryKey: getMyConsentsQueryKey() }),
    queryClient.invalidateQueries({ queryKey: getGetSiteInfoQueryKey() }),
    queryClient.invalidateQueries({ queryKey: getListCategoriesQueryKey() }),
    queryClient.invalidateQueries({ predicate: isScripture }),
  ]);
}

/** `storyChanged` on the app's QueryClient. */
export function useStoryChanged(): (change: StoryChange) => Promise<unknown> {
  const queryClient = useQueryClient();
  return useCallback((change: StoryChange) => storyChanged(queryClient, change), [queryClient]);
}
