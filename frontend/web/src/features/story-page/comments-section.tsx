//! The comments under a story (docs/product.md#screens): the newest ten, then older ones ten at a
//! time, moderation, the form.
import {
  getListCommentsQueryKey,
  useApproveComment,
  useDeleteComment,
  type CommentDto,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { Check, ChevronDown, MessageCircle } from 'lucide-react';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { ConfirmButton } from '@/components/confirm-button';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { showMutationError } from '@/lib/api-errors';
import { canApproveComments, canDeleteComments } from './comment-moderation';
import { relativeAge } from './relative-time';
import { useStoryComments } from './use-story-comments';

// The form comes in a chunk of its own, after the story is on screen: react-hook-form sets its state
// again as a form mounts (a layout effect), which React renders at once and, before that, runs every
// effect the page's commit left pending, all in the one task that put the story on screen (on a
// phone, 50-70 ms more in that task). Its code is then not in the story's first scripts either
// (docs/benchmarks.md, "Phones").
const CommentForm = lazy(() => import('./comment-form').then((m) => ({ default: m.CommentForm })));

/**
 * True from the render after the first, which React does in a transition: the form's first render
 * then yields to the browser as it goes. Rendered at once, it landed in whatever synchronous render
 * came next (the comments' answer: a query's update is synchronous), 150 ms at 4x in one task.
 */
function useMountedInTransition(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted;
}

/** Where the form will be, the height it takes. */
const formPlaceholder = <Skeleton className="h-80 w-full" />;

export function CommentsSection({ storyId }: { storyId: number }) {
  const { user } = useAuth();
  const showForm = useMountedInTransition();
  const {
    items: comments,
    total,
    isPending,
    isError,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
  } = useStoryComments(storyId);
  const moderation = { approve: canApproveComments(user), remove: canDeleteComments(user) };

  return (
    <section aria-labelledby="comments-title" className="mt-16 border-t border-border pt-10">
      <h2 id="comments-title" className="flex items-center gap-2 font-serif text-2xl font-semibold">
        <MessageCircle className="size-6 text-primary" aria-hidden="true" />
        Comments{total > 0 ? ` (${total})` : ''}
      </h2>
      <div className="mt-6">
        {isPending ? (
          <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading comments">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : isError ? (
          <p className="text-sm text-muted-foreground">Comments could not be loaded.</p>
        ) : comments.length === 0 ? (
          <p className="text-muted-foreground">No comments yet. Be the first to share your thoughts!</p>
        ) : (
          <>
            <ul className="space-y-4" aria-label="Comments">
              {comments.map((comment) => (
                <CommentItem key={comment.id} comment={comment} storyId={storyId} moderation={moderation} />
              ))}
            </ul>
            {total > comments.length && (
              <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-muted-foreground" role="status">
                  Showing {comments.length} of {total} comments
                </p>
                {hasNextPage && (
                  <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                    <ChevronDown aria-hidden="true" />
                    {isFetchingNextPage ? 'Loading...' : 'Show older comments'}
                  </Button>
                )}
              </div>
            )}
          </>
        )}
      </div>
      <Card className="mt-10 bg-amber-50/40">
        <CardContent className="pt-6">
          <Suspense fallback={formPlaceholder}>
            {showForm ? <CommentForm storyId={storyId} /> : formPlaceholder}
          </Suspense>
        </CardContent>
      </Card>
    </section>
  );
}

function platformLabel(platform: string): string {
  return platform.charAt(0).toUpperCase() + platform.slice(1);
}

function CommentItem({
  comment,
  storyId,
  moderation,
}: {
  comment: CommentDto;
  storyId: number;
  moderation: { approve: boolean; remove: boolean };
}) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: getListCommentsQueryKey(storyId) });
  const approve = useApproveComment({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Comment approved', description: 'Comment has been approved and is now visible.' });
        void refresh();
      },
      onError: (error) => showMutationError(error, { text: 'Failed to approve comment.' }),
    },
  });
  const remove = useDeleteComment({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Comment deleted', description: 'Comment has been successfully deleted.' });
        void refresh();
      },
      onError: (error) => showMutationError(error, { text: 'Failed to delete comment.' }),
    },
  });
  const busy = approve.isPending || remove.isPending;
  const initial = comment.authorName.trim().charAt(0).toUpperCase() || '?';

  return (
    <li
      aria-label={`Comment by ${comment.authorName}`}
      className="flex gap-4 rounded-xl border border-border bg-card p-4 shadow-xs"
    >
      <Avatar className="size-10">
        <AvatarFallback className="bg-amber-100 font-semibold text-amber-800">{initial}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{comment.authorName}</span>
          <time dateTime={comment.createdAt} className="text-sm text-muted-foreground">
            {relativeAge(comment.createdAt)}
          </time>
          {comment.platform !== 'website' && <Badge variant="secondary">{platformLabel(comment.platform)}</Badge>}
          {!comment.isApproved && (
            <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-800">
              Pending Approval
            </Badge>
          )}
        </div>
        <p className="mt-2 leading-7 whitespace-pre-line text-foreground/90 [overflow-wrap:anywhere]">
          {comment.content}
        </p>
        {((moderation.approve && !comment.isApproved) || moderation.remove) && (
          <div className="mt-3 flex flex-wrap gap-2">
            {moderation.approve && !comment.isApproved && (
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                aria-label={`Approve comment by ${comment.authorName}`}
                onClick={() => approve.mutate({ id: comment.id })}
              >
                <Check aria-hidden="true" />
                Approve
              </Button>
            )}
            {moderation.remove && (
              <DeleteCommentButton
                authorName={comment.authorName}
                disabled={busy}
                onConfirm={() => remove.mutate({ id: comment.id })}
              />
            )}
          </div>
        )}
      </div>
    </li>
  );
}

function DeleteCommentButton({
  authorName,
  disabled,
  onConfirm,
}: {
  authorName: string;
  disabled: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmButton
      ariaLabel={`Delete comment by ${authorName}`}
      disabled={disabled}
      title="Delete comment?"
      description={`Are you sure you want to delete this comment by ${authorName}? This action cannot be undone.`}
      onConfirm={onConfirm}
    />
  );
}
