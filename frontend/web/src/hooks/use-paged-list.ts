//! A server-paged list (`limit`, `offset`, total in `X-Total-Count`) loaded a page at a time.
import type { RequestOptions } from '@grace-stories/sdk';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';

type Page<T> = { items: T[]; total: number };

/**
 * `queryKey` should extend a generated `get*QueryKey()`, so invalidating that key after a change
 * refetches every page loaded so far. `fetchPage` calls the generated function with `options`,
 * whose `onResponse` reads the total.
 */
export function usePagedList<T extends { id: number | string }>({
  queryKey,
  pageSize,
  fetchPage,
}: {
  queryKey: QueryKey;
  pageSize: number;
  fetchPage: (page: { limit: number; offset: number }, options: RequestOptions) => Promise<T[]>;
}) {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<Page<T>> => {
      let header: string | null = null;
      const options: RequestOptions = { signal, onResponse: (response) => (header = response.headers.get('X-Total-Count')) };
      const items = await fetchPage({ limit: pageSize, offset: pageParam }, options);
      const total = Number(header);
      return { items, total: header !== null && Number.isFinite(total) ? total : pageParam + items.length };
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
  return { ...query, items, total };
}
