//! A server-paged list (`limit`, `offset`, total in `X-Total-Count`) loaded a page at a time, and
//! the one reading of a page's total that numbered pages (the story browser) share with it.
import type { RequestOptions } from '@grace-stories/sdk/react';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';

type Page<T, M> = { items: T[]; total: number; meta?: M };

/**
 * One page and the list's total: `fetch` calls a generated function with `options`, whose
 * `onResponse` reads `X-Total-Count`. Without the header, the total counts what was seen so far.
 */
export async function fetchCountedPage<A>(
  offset: number,
  signal: AbortSignal,
  fetch: (options: RequestOptions) => Promise<A>,
  count: (answer: A) => number,
): Promise<{ answer: A; total: number }> {
  let header: string | null = null;
  const options: RequestOptions = {
    signal,
    onResponse: (response) => (header = response.headers.get('X-Total-Count')),
  };
  const answer = await fetch(options);
  const total = Number(header);
  return { answer, total: header !== null && Number.isFinite(total) ? total : offset + count(answer) };
}

/** `fetchCountedPage` for a plain list of rows. */
export async function fetchRowsPage<T>(
  offset: number,
  signal: AbortSignal,
  fetch: (options: RequestOptions) => Promise<T[]>,
): Promise<{ items: T[]; total: number }> {
  const { answer, total } = await fetchCountedPage(offset, signal, fetch, (rows) => rows.length);
  return { items: answer, total };
}

/**
 * `queryKey` should extend a generated `get*QueryKey()`, so invalidating that key after a change
 * refetches every page loaded so far. `fetchPage` calls the generated function with `options`,
 * whose `onResponse` reads the total. A list whose answer carries more than the rows (the mail
 * outbox's delivery mode) returns `{ items, meta }`; `meta` is kept with the cached pages, so it is
 * there again when a screen shows the cached list. `refetchOnMount: 'always'` is for lists that
 * change behind the screen's back (background jobs, other moderators).
 */
export function usePagedList<T extends { id: number | string }, M = never>({
  queryKey,
  pageSize,
  fetchPage,
  refetchOnMount,
}: {
  queryKey: QueryKey;
  pageSize: number;
  fetchPage: (
    page: { limit: number; offset: number },
    options: RequestOptions,
  ) => Promise<T[] | { items: T[]; meta: M }>;
  refetchOnMount?: boolean | 'always';
}) {
  const query = useInfiniteQuery({
    // The caller's key first, so invalidating it (or a prefix of it) refreshes every size.
    queryKey: [...queryKey, { pageSize }],
    initialPageParam: 0,
    ...(refetchOnMount === undefined ? {} : { refetchOnMount }),
    queryFn: async ({ pageParam, signal }): Promise<Page<T, M>> => {
      const { answer, total } = await fetchCountedPage(
        pageParam,
        signal,
        (options) => fetchPage({ limit: pageSize, offset: pageParam }, options),
        (page) => (Array.isArray(page) ? page.length : page.items.length),
      );
      const { items, meta } = Array.isArray(answer) ? { items: answer, meta: undefined } : answer;
      return { items, meta, total };
    },
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      // An empty page means the list shrank meanwhile: stop rather than ask again.
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
  const pages = query.data?.pages ?? [];
  // An item handled between two page loads shifts the offsets: never show one twice.
  const seen = new Set<T['id']>();
  const items = pages.flatMap((page) => page.items).filter((item) => !seen.has(item.id) && seen.add(item.id));
  const total = Math.max(pages.at(-1)?.total ?? 0, items.length);
  return { ...query, items, total, meta: pages.at(-1)?.meta };
}
