//! The search in the address bar as state, and the story list queries behind Home and the
//! story browser. Each change of words, category or page is a history entry.
import {
  getListStoriesQueryKey,
  listStories,
  type ListStoriesParams,
  type RequestOptions,
  type StorySummaryDto,
} from '@grace-stories/sdk/react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
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

function params(search: Pick<StorySearch, 'q' | 'category'>, limit: number, offset: number): ListStoriesParams {
  const q = search.q.trim();
  return {
    limit,
    ...(offset > 0 ? { offset } : {}),
    ...(q ? { q } : {}),
    ...(search.category ? { category: search.category } : {}),
  };
}

type Page = { stories: StorySummaryDto[]; total: number };

async function fetchPage(p: ListStoriesParams, signal: AbortSignal): Promise<Page> {
  let header: string | null = null;
  const options: RequestOptions = {
    signal,
    onResponse: (response) => (header = response.headers.get('X-Total-Count')),
  };
  const stories = await listStories(p, options);
  const total = Number(header);
  return { stories, total: header !== null && Number.isFinite(total) ? total : (p.offset ?? 0) + stories.length };
}

/**
 * Home's list: `pageSize` at a time, "Show more" appends the next ones. The key extends the
 * generated one, so invalidating `getListStoriesQueryKey()` refreshes it too.
 */
export function useStoriesShowMore(search: Pick<StorySearch, 'q' | 'category'>, pageSize: number) {
  const first = params(search, pageSize, 0);
  const query = useInfiniteQuery({
    queryKey: [...getListStoriesQueryKey(first), 'show-more'],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam > 0 ? { ...first, offset: pageParam } : first, signal),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.stories.length, 0);
      return last.stories.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
  const pages = query.data?.pages ?? [];
  const seen = new Set<number>();
  const stories = pages.flatMap((page) => page.stories).filter((s) => !seen.has(s.id) && seen.add(s.id));
  return { ...query, stories, total: pages.at(-1)?.total ?? 0 };
}

/** The story browser's list: one numbered page at a time. */
export function useStoriesPage(search: StorySearch, pageSize: number) {
  const p = params(search, pageSize, (search.page - 1) * pageSize);
  return useQuery({
    queryKey: [...getListStoriesQueryKey(p), 'with-total'],
    queryFn: ({ signal }) => fetchPage(p, signal),
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
    queryFn: ({ signal }) => fetchPage(p, signal),
    placeholderData: keepPreviousData,
  });
  return { page, setPage, query };
}
