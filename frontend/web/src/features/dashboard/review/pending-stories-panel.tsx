import { useListPendingStories, type PendingStoryDto } from '@grace-stories/sdk';
import { Check, FileCheck, Pencil, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { contentAsText, excerptFallback } from '@/components/story-form/story-content';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { categoryBadgeClass } from '@/lib/categories';
import { formatDate, fullName } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useStoryReview } from './use-story-review';

/** Spec §2/§9: a queue item without an excerpt shows the first 150 characters of its content. */
const QUEUE_EXCERPT_LENGTH = 150;

const FIELD_NAMES: Record<string, string> = {
  title: 'Title',
  content: 'Content',
  excerpt: 'Excerpt',
  category: 'Category',
  videoUrl: 'Video URL',
  thumbnailUrl: 'Thumbnail',
};

/**
 * The review queue (`GET /api/admin/stories/pending`): new stories with Approve, Reject (optional
 * reason) and Delete; staged edits of live stories with Approve and Reject edit (the live story
 * stays; deleting from such a row would delete the live story). `withEdit` adds the sub admin's
 * Edit button, which the spec gives no action.
 */
export function PendingStoriesPanel({ withEdit = false }: { withEdit?: boolean }) {
  const { data, isPending, isError } = useListPendingStories();
  const stories = data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending Stories</CardTitle>
        <CardDescription>Approve, reject or delete stories and edits waiting for review.</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : isError ? (
          <p className="py-8 text-center text-muted-foreground">The review queue could not be loaded.</p>
        ) : stories.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-8 text-center text-muted-foreground">
            <FileCheck className="size-8" aria-hidden="true" />
            <p>No pending stories</p>
          </div>
        ) : (
          <ul className="divide-y" aria-label="Pending stories">
            {stories.map((story) => (
              <PendingStoryRow key={story.id} story={story} withEdit={withEdit} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PendingStoryRow({ story, withEdit }: { story: PendingStoryDto; withEdit: boolean }) {
  const { approve, reject, rejectEdit, remove, busy } = useStoryReview();
  const revision = story.revision ?? null;
  const author = fullName(story.author) || 'Community Member';
  const excerpt = story.excerpt || excerptFallback(contentAsText(story.content), QUEUE_EXCERPT_LENGTH);
  const date = formatDate(revision?.createdAt ?? story.createdAt) ?? 'No date';

  return (
    <li className="grid grid-cols-1 gap-3 py-5" aria-label={story.title}>
      <div className="flex flex-wrap items-start gap-4">
        <div className="grid min-w-0 flex-[1_1_16rem] gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            {/* Moderators may open an unpublished story (the server shows it to reviewers). */}
            <h3 className="min-w-0 font-serif text-lg font-semibold [overflow-wrap:anywhere]">
              <Link
                href={`/stories/${story.id}`}
                className="rounded-sm underline decoration-primary/30 underline-offset-4 outline-none hover:text-primary hover:decoration-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                {story.title}
              </Link>
            </h3>
            {revision && (
              <Badge variant="outline" className="border-sky-300 bg-sky-50 text-sky-800">
                Edit of a live story
              </Badge>
            )}
          </div>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span className="min-w-0 [overflow-wrap:anywhere]">By {author}</span>
            <Badge variant="outline" className={cn('max-w-full whitespace-normal [overflow-wrap:anywhere]', categoryBadgeClass(story.category))}>
              {story.category}
            </Badge>
            <span>{date}</span>
          </p>
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{excerpt}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={busy} onClick={() => approve.mutate({ id: story.id })}>
            <Check aria-hidden="true" />
            Approve
          </Button>
          <RejectButton
            title={story.title}
            edit={revision !== null}
            disabled={busy}
            onReject={(reason) => (revision ? rejectEdit : reject).mutate({ id: story.id, data: { reason } })}
          />
          {withEdit && (
            <Tooltip>
              <TooltipTrigger asChild>
                <span tabIndex={0} className="rounded-md">
                  <Button size="sm" variant="outline" disabled>
                    <Pencil aria-hidden="true" />
                    Edit
                  </Button>
                </span>
              </TooltipTrigger>
              <TooltipContent>Editing from the review queue is not available</TooltipContent>
            </Tooltip>
          )}
          {!revision && (
            <DeleteStoryButton title={story.title} disabled={busy} onConfirm={() => remove.mutate({ id: story.id })} />
          )}
        </div>
      </div>
      {revision && <RevisionChanges story={story} />}
    </li>
  );
}

/** What a staged edit changes: the field names, and the live next to the proposed text. */
function RevisionChanges({ story }: { story: PendingStoryDto }) {
  const revision = story.revision;
  if (!revision) return null;
  const changed = story.changedFields;
  const compared = (['title', 'excerpt', 'content'] as const).filter((field) => changed.includes(field));
  const text = (field: (typeof compared)[number], source: 'live' | 'proposed') => {
    const value = source === 'live' ? story[field] : revision[field];
    if (!value) return '(none)';
    return field === 'content' ? contentAsText(value) : value;
  };
  return (
    <div className="grid min-w-0 gap-3 rounded-lg border border-sky-200 bg-sky-50/50 p-4 [overflow-wrap:anywhere]">
      <p className="text-sm">
        <span className="font-medium">Changed:</span>{' '}
        {changed.length > 0 ? changed.map((field) => FIELD_NAMES[field] ?? field).join(', ') : 'nothing'}
      </p>
      {compared.map((field) => (
        <div key={field} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          <div className="grid min-w-0 gap-1">
            <p className="text-xs font-medium text-muted-foreground uppercase">Live {FIELD_NAMES[field]}</p>
            <p className="max-h-40 overflow-y-auto rounded-md bg-background p-2 text-sm whitespace-pre-line">
              {text(field, 'live')}
            </p>
          </div>
          <div className="grid min-w-0 gap-1">
            <p className="text-xs font-medium text-sky-800 uppercase">Proposed {FIELD_NAMES[field]}</p>
            <p className="max-h-40 overflow-y-auto rounded-md bg-background p-2 text-sm whitespace-pre-line">
              {text(field, 'proposed')}
            </p>
          </div>
        </div>
      ))}
    </div>
  );
}

/** Reject a new story, or (`edit`) only the staged edit of a live one; the reason is optional. */
function RejectButton({
  title,
  edit,
  disabled,
  onReject,
}: {
  title: string;
  edit: boolean;
  disabled: boolean;
  onReject: (reason: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setReason('');
      }}
    >
      <Button size="sm" variant="outline" disabled={disabled} onClick={() => setOpen(true)}>
        <X aria-hidden="true" />
        {edit ? 'Reject edit' : 'Reject'}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{edit ? 'Reject edit' : 'Reject story'}</DialogTitle>
          <DialogDescription>
            {edit ? (
              <>
                The live story stays; only this edit is discarded. The author of &ldquo;{title}&rdquo; sees the
                reason.
              </>
            ) : (
              <>&ldquo;{title}&rdquo; goes back to its author, who sees the reason.</>
            )}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="reject-reason">Reason (optional)</Label>
          <Textarea id="reject-reason" rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              onReject(reason.trim() || null);
              setOpen(false);
              setReason('');
            }}
          >
            {edit ? 'Reject Edit' : 'Reject Story'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function DeleteStoryButton({ title, disabled, onConfirm }: { title: string; disabled: boolean; onConfirm: () => void }) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button size="sm" variant="outline" disabled={disabled} className="text-destructive">
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete &ldquo;{title}&rdquo;?</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete this story? This action cannot be undone. The story and its comments
            are deleted.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
