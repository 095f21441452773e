//! Comments awaiting approval on every story: oldest first, chosen with checkboxes and
//! approved or deleted together.
import { Check, MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { ListProgress } from '@/components/list-progress';
import { ConfirmButton } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, waitedFor } from '@/lib/format';
import { usePendingComments, useModeratePendingComments, type QueuedComment } from './use-pending-comments';

const CHECKBOX = 'size-4 shrink-0 cursor-pointer accent-primary disabled:cursor-not-allowed';

/**
 * Approve for every comment moderator; Delete only for `canDelete` (the admin roles: a primary
 * contributor may approve but not delete, as on the story page).
 */
export function PendingCommentsPanel({ canDelete }: { canDelete: boolean }) {
  const queue = usePendingComments();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // Only comments still in the list count: one handled elsewhere drops out of the selection.
  const chosen = queue.items.filter((c) => selected.has(c.id)).map((c) => c.id);
  const moderate = useModeratePendingComments({
    storiesOf: (ids) => [...new Set(queue.items.filter((c) => ids.includes(c.id)).map((c) => c.storyId))],
    onDone: () => setSelected(new Set()),
  });
  const allChosen = queue.items.length > 0 && chosen.length === queue.items.length;
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const noun = (n: number) => (n === 1 ? 'comment' : 'comments');

  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending Comments</CardTitle>
        <CardDescription>
          Comments waiting for approval on every story, oldest first. Choose some, then approve
          {canDelete ? ' or delete' : ''} them together.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {queue.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : queue.isError && queue.items.length === 0 ? (
          <p className="text-sm text-destructive">Pending comments could not be loaded.</p>
        ) : queue.items.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-8 text-center text-muted-foreground">
            <MessageSquareText className="size-8" aria-hidden="true" />
            <p>No comments waiting for approval</p>
          </div>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-muted/60 px-3 py-2">
              <label className="flex items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  className={CHECKBOX}
                  checked={allChosen}
                  onChange={(event) => setSelected(new Set(event.target.checked ? queue.items.map((c) => c.id) : []))}
                />
                Select all shown
              </label>
              <span className="text-sm text-muted-foreground" aria-live="polite">
                {chosen.length} selected
              </span>
              <div className="flex flex-wrap gap-2 sm:ml-auto">
                <Button
                  size="sm"
                  disabled={chosen.length === 0 || moderate.isPending}
                  onClick={() => moderate.mutate({ data: { action: 'approve', ids: chosen } })}
                >
                  <Check aria-hidden="true" />
                  Approve selected
                </Button>
                {canDelete && (
                  <ConfirmButton
                    label="Delete selected"
                    disabled={chosen.length === 0 || moderate.isPending}
                    title={`Delete ${chosen.length} ${noun(chosen.length)}?`}
                    description={`The selected ${noun(chosen.length)} will never be shown. This action cannot be undone.`}
                    onConfirm={() => moderate.mutate({ data: { action: 'delete', ids: chosen } })}
                  />
                )}
              </div>
            </div>
            <ul className="divide-y" aria-label="Pending comments">
              {queue.items.map((comment) => (
                <PendingCommentRow
                  key={comment.id}
                  comment={comment}
                  checked={selected.has(comment.id)}
                  onCheckedChange={(on) => toggle(comment.id, on)}
                />
              ))}
            </ul>
            <ListProgress
              shown={queue.items.length}
              total={queue.total}
              noun="pending comments"
              hasMore={queue.hasNextPage}
              loadingMore={queue.isFetchingNextPage}
              onShowMore={() => void queue.fetchNextPage()}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function PendingCommentRow({
  comment,
  checked,
  onCheckedChange,
}: {
  comment: QueuedComment;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const label = `Comment by ${comment.authorName} on ${comment.storyTitle}`;
  return (
    <li className="flex min-w-0 gap-3 py-4" aria-label={label}>
      <input
        type="checkbox"
        className={`${CHECKBOX} mt-1`}
        aria-label={`Select comment by ${comment.authorName} on ${comment.storyTitle}`}
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="min-w-0 text-sm [overflow-wrap:anywhere]">
          <span className="font-medium">{comment.authorName}</span>
          {comment.authorEmail ? <span className="text-muted-foreground"> ({comment.authorEmail})</span> : null}
          <span className="text-muted-foreground"> on </span>
          <Link
            href={`/stories/${comment.storyId}`}
            className="font-medium underline decoration-primary/30 underline-offset-4 hover:text-primary hover:decoration-primary"
          >
            {comment.storyTitle}
          </Link>
        </p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={comment.createdAt} className="whitespace-nowrap">
            Posted {formatDateTime(comment.createdAt) ?? 'at an unknown time'}
          </time>
          {' · '}
          <span className="font-medium whitespace-nowrap text-amber-800">waiting {waitedFor(comment.createdAt)}</span>
        </p>
        <p className="mt-1 text-sm whitespace-pre-line [overflow-wrap:anywhere]">{comment.content}</p>
      </div>
    </li>
  );
}
