import type { ReactNode } from 'react';
import { PageShell } from '@/components/layout/page-shell';
import { Badge } from '@/components/ui/badge';
import { useQueueCounts } from '../review/use-queue-counts';

export const COMMENT_MODERATION_TITLE = 'Comment Moderation';

/**
 * The frame of the admin area for someone whose only admin screen is the comment queue (an
 * approved primary contributor, who approves what readers write but deletes nothing).
 */
export function CommentModeration({ children }: { children: ReactNode }) {
  const counts = useQueueCounts();
  return (
    <PageShell className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="font-serif text-4xl font-semibold tracking-tight">{COMMENT_MODERATION_TITLE}</h1>
          {counts.comments ? (
            <Badge variant="secondary">
              {counts.comments} {counts.comments === 1 ? 'comment' : 'comments'} waiting
            </Badge>
          ) : null}
        </div>
        <p className="text-muted-foreground">
          As a primary contributor you approve what readers write under the stories.
        </p>
      </div>
      {children}
    </PageShell>
  );
}
