//! A server-paged list (`limit`, `offset`, total in `X-Total-Count`) loaded a page at a time.
import type { RequestOptions } from '@grace-stories/sdk/react';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';

type Page<T, M> = { items: T[]; total: number; meta?: M };

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
      let header: string | null = null;
      const options: RequestOptions = {
        signal,
        onResponse: (response) => (header = response.headers.get('X-Total-Count')),
      };
      const answer = await fetchPage({ limit: pageSize, offset: pageParam }, options);
      const { items, meta } = Array.isArray(answer) ? { items: answer, meta: undefined } : answer;
      const total = Number(header);
      return { items, meta, total: header !== null && Number.isFinite(total) ? total : pageParam + items.length };
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
