import type { ReactNode } from 'react';
import { ListProgress } from '@/components/list-progress';

type Paged<T> = {
  items: T[];
  total: number;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** "1 try", "5 tries": how often a message or post was attempted. */
export function tries(count: number): string {
  return `${count} ${count === 1 ? 'try' : 'tries'}`;
}

/** A server-paged list of rows with its loading, failure and empty states and "Show more". */
export function PagedRows<T extends { id: number | string }>({
  list,
  label,
  noun,
  empty,
  failed,
  row,
  rowLabel,
}: {
  list: Paged<T>;
  label: string;
  noun: string;
  empty: ReactNode;
  failed: string;
  row: (item: T) => ReactNode;
  /** The accessible name of an item's row. */
  rowLabel: (item: T) => string;
}) {
  if (list.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>;
  if (list.isError && list.items.length === 0) return <p className="text-sm text-destructive">{failed}</p>;
  if (list.items.length === 0) {
    return <div className="grid justify-items-center gap-2 py-8 text-center text-muted-foreground">{empty}</div>;
  }
  return (
    <>
      <ul className="divide-y" aria-label={label}>
        {list.items.map((item) => (
          <li key={item.id} className="grid min-w-0 gap-1.5 py-4" aria-label={rowLabel(item)}>
            {row(item)}
          </li>
        ))}
      </ul>
      <ListProgress
        shown={list.items.length}
        total={list.total}
        noun={noun}
        hasMore={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        onShowMore={() => void list.fetchNextPage()}
      />
    </>
  );
}
