import { Button } from '@/components/ui/button';

/** "Showing 20 of 45 open messages" under a server-paged list, with "Show more" while some are not loaded. */
export function ListProgress({
  shown,
  total,
  noun,
  hasMore,
  loadingMore,
  onShowMore,
}: {
  shown: number;
  total: number;
  noun: string;
  hasMore: boolean;
  loadingMore: boolean;
  onShowMore: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {shown} of {total} {noun}
      </p>
      {hasMore ? (
        <Button variant="outline" size="sm" onClick={onShowMore} disabled={loadingMore}>
          {loadingMore ? 'Loading...' : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}
