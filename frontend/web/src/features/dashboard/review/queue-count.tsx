import { Badge } from '@/components/ui/badge';

/**
 * The small count on a queue's tab: the number for the eye, "3 waiting" for a screen reader, so
 * the tab reads "Edits 3 waiting". Nothing while the count is unknown or zero.
 */
export function QueueCount({ count, label = 'waiting' }: { count: number | null | undefined; label?: string }) {
  if (!count) return null;
  return (
    <Badge className="px-1.5 py-0">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">
        {count} {label}
      </span>
    </Badge>
  );
}
