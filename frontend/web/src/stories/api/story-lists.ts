//! The published story lists behind Home (Show more), the story browser and a passage's page, all
//! under the generated `getListStoriesQueryKey(...)`, so "a story changed" refreshes every one.
import {
  getListStoriesQueryKey,
  listStories,
  type ListStoriesParams,
  type StorySummaryDto,
} from '@grace-stories/sdk/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { fetchRowsPage, usePagedList } from '@/hooks/use-paged-list';
import type { StorySearch } from '@/stories/components/story-search/story-search';

function params(search: Pick<StorySearch, 'q' | 'category'>, limit: number, offset: number): ListStoriesParams {
  const q = search.q.trim();
  return {
    limit,
    ...(offset > 0 ? { offset } : {}),
    ...(q ? { q } : {}),
    ...(search.category ? { category: search.category } : {}),
  };
}

/** One numbered page and the list's total. */
function fetchNumberedPage(p: ListStoriesParams, signal: AbortSignal) {
  return fetchRowsPage<StorySummaryDto>(p.offset ?? 0, signal, (options) => listStories(p, options));
}

/**
 * Home's list: `pageSize` at a time, "Show more" appends the next ones (the shared paged list).
 * The key extends the generated one, so invalidating `getListStoriesQueryKey()` refreshes it too.
 */
export function useStoriesShowMore(search: Pick<StorySearch, 'q' | 'category'>, pageSize: number) {
  const first = params(search, pageSize, 0);
  return usePagedList<StorySummaryDto>({
    queryKey: [...getListStoriesQueryKey(first), 'show-more'],
    pageSize,
    fetchPage: ({ offset }, options) => listStories(params(search, pageSize, offset), options),
  });
}

/** The story browser's list: one numbered page at a time. */
export function useStoriesPage(search: StorySearch, pageSize: number) {
  const p = params(search, pageSize, (search.page - 1) * pageSize);
  return useQuery({
    queryKey: [...getListStoriesQueryKey(p), 'with-total'],
    queryFn: ({ signal }) => fetchNumberedPage(p, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * The stories citing a passage (`osis`: `Ps.23`), one numbered page at a time; the page
 * number lives in the address (`?page=`), so back and forward move between pages.
 */
export function usePassagePage(osis: string, pageSize: number) {
  const [search, setSearch] = useSearchParams();
  const raw = Number(search.get('page'));
  const page = Number.isInteger(raw) && raw > 1 ? raw : 1;
  const setPage = useCallback(
    (n: number) => {
      setSearch(n > 1 ? { page: String(n) } : {});
      window.scrollTo({ top: 0 });
    },
    [setSearch],
  );
  const offset = (page - 1) * pageSize;
  const p: ListStoriesParams = { limit: pageSize, passage: osis, ...(offset > 0 ? { offset } : {}) };
  const query = useQuery({
    queryKey: [...getListStoriesQueryKey(p), 'with-total'],
    queryFn: ({ signal }) => fetchNumberedPage(p, signal),
    placeholderData: keepPreviousData,
  });
  return { page, setPage, query };
}
