//! The Home list: server search (`q`) and category filter, six at a time, with the match count.
import { getListStoriesQueryKey, listStories, type ListStoriesParams, type RequestOptions } from '@grace-stories/sdk';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** Spec §9: Home shows at most six stories. */
export const HOME_STORY_LIMIT = 6;
/** The search box asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export type HomeStories = { stories: Awaited<ReturnType<typeof listStories>>; total: number };

/**
 * `category` is a category name or null for all. The count comes from `X-Total-Count`; the
 * key extends the generated one, so invalidating `getListStoriesQueryKey()` refreshes it too.
 */
export function useHomeStories(search: string, category: string | null) {
  const q = search.trim();
  const params: ListStoriesParams = {
    limit: HOME_STORY_LIMIT,
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
  };
  return useQuery({
    queryKey: [...getListStoriesQueryKey(params), 'with-total'],
    queryFn: async ({ signal }): Promise<HomeStories> => {
      let header: string | null = null;
      const options: RequestOptions = { signal, onResponse: (response) => (header = response.headers.get('X-Total-Count')) };
      const stories = await listStories(params, options);
      const total = Number(header);
      return { stories, total: header !== null && Number.isFinite(total) ? total : stories.length };
    },
  });
}
