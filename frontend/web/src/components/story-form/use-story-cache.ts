//! After a story changes, every list that may show it is refreshed (generated query keys).
import {
  getGetStoryQueryKey,
  getListAuthorStoriesQueryKey,
  getListPendingStoriesQueryKey,
  getListStoriesQueryKey,
} from '@grace-stories/sdk';
import { useQueryClient } from '@tanstack/react-query';

export function useRefreshStories() {
  const queryClient = useQueryClient();
  return (storyId?: number, authorId?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: getListStoriesQueryKey() }),
      queryClient.invalidateQueries({ queryKey: getListPendingStoriesQueryKey() }),
      authorId ? queryClient.invalidateQueries({ queryKey: getListAuthorStoriesQueryKey(authorId) }) : null,
      storyId !== undefined ? queryClient.invalidateQueries({ queryKey: getGetStoryQueryKey(storyId) }) : null,
    ]);
}
