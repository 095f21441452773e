//! After a story changes, every list that may show it is refreshed (generated query keys), and
//! the story's own query (`GET /api/stories/{id}`, read by the edit form and the story page)
//! takes the server's answer at once, so nothing reopens on the text before the change.
import {
  getGetStoryQueryKey,
  getListAuthorStoriesQueryKey,
  getListPendingStoriesQueryKey,
  getListStoriesQueryKey,
  type StoryDto,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';

export type StoryChange =
  /** Created, updated or published: `story` is the server's answer (the story as the public sees it). */
  | { storyId: number; authorId?: string; story: StoryDto }
  /** Deleted. */
  | { storyId: number; authorId?: string; deleted: true };

export function useRefreshStories() {
  const queryClient = useQueryClient();
  return (change: StoryChange) => {
    const storyKey = getGetStoryQueryKey(change.storyId);
    if ('deleted' in change) queryClient.removeQueries({ queryKey: storyKey, exact: true });
    else queryClient.setQueryData(storyKey, change.story);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: getListStoriesQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListPendingStoriesQueryKey() }),
      change.authorId
        ? queryClient.invalidateQueries({ queryKey: getListAuthorStoriesQueryKey(change.authorId) })
        : null,
      // It holds the server's answer already; marked stale, the next reader asks the server again.
      'deleted' in change
        ? null
        : queryClient.invalidateQueries({ queryKey: storyKey, exact: true, refetchType: 'none' }),
    ]);
  };
}
