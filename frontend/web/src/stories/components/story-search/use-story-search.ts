//! The search in the address bar as state, for Home and the story browser. Each change of words,
//! category or page is a history entry. The lists it selects are in `stories/api/story-lists.ts`.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { readStorySearch, writeStorySearch, type StorySearch } from './story-search';

/** The current search and a way to change it (a new history entry). */
export function useStorySearch(): [StorySearch, (change: Partial<StorySearch>) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const search = useMemo(() => readStorySearch(new URLSearchParams(key)), [key]);
  const update = useCallback(
    (change: Partial<StorySearch>) => {
      const next = { ...search, ...change };
      // New words or another category start again at the first page.
      if (
        (change.q !== undefined && change.q !== search.q) ||
        (change.category !== undefined && change.category !== search.category)
      ) {
        next.page = change.page ?? 1;
      }
      const written = writeStorySearch(next);
      if (written.toString() !== key) setParams(written);
    },
    [search, key, setParams],
  );
  return [search, update];
}
