//! The reviewers' story queues: new stories, and edits of live stories, each oldest first
//! and a page at a time.
import { ListPendingStoriesKind, type PendingStoryDto } from '@grace-stories/sdk/react';
import { BookOpen, Check, FileCheck, FileDiff, Pencil, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { excerptFallback } from '@/stories/components/story-form/story-content';
import { ListProgress } from '@/components/list-progress';
import { ConfirmButton } from '@/components/confirm-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { categoryBadgeClass } from '@/lib/categories';
import { fullName, waitedFor } from '@/lib/format';
import { cn } from '@/lib/utils';
import { CompareEditDialog } from './compare-edit-dialog';
import { RejectStoryDialog } from './reject-story-dialog';
import { approveBody, checklistDone, EMPTY_CHECKLIST, SensitiveChecklist, type Checklist } from './sensitive-checklist';
import { usePendingStories, useStoryReview } from './use-story-review';

/** docs/product.md#screens: a queue item without an excerpt shows the first 150 characters of its content. */
const QUEUE_EXCERPT_LENGTH = 150;

const FIELD_NAMES: Record<string, string> = {
  title: 'Title',
  content: 'Content',
  excerpt: 'Excerpt',
  category: 'Category',
  videoUrl: 'Video URL',
  thumbnailUrl: 'Thumbnail',
};

const QUEUES = {
  [ListPendingStoriesKind.new]: {
    title: 'Pending Stories',
    description: 'New stories, oldest first. Read one, then approve it, send it back with a reason, or delete it.',
    list: 'Pending stories',
    empty: 'No pending stories',
    noun: 'pending stories',
  },
  [ListPendingStoriesKind.edit]: {
    title: 'Edits',
    description:
      'Changes authors made to their live stories, oldest first. Compare an edit with the live story, then approve or reject it. Readers see the live story until you approve.',
    list: 'Edits waiting for review',
    empty: 'No edits waiting for review',
    noun: 'edits',
  },
} as const;

/**
 * `kind` new: Approve, Reject (optional reason) and Delete. `kind` edit: Compare, which shows the
 * edit against the live story and decides on it there; no Delete, which would delete the live
 * story. `withEdit` adds the sub admin's Edit button to new stories, which docs/product.md gives no action.
 */
export function PendingStoriesPanel({ kind, withEdit = false }: { kind: ListPendingStoriesKind; withEdit?: boolean }) {
  const queue = usePendingStories(kind);
  const text = QUEUES[kind];
  return (
    // The queue's tooltips share one provider (docs/product.md#screens: the shorter delay once one was shown).
    <TooltipProvider>
      <Card>
        <CardHeader>
          <CardTitle>{text.title}</CardTitle>
          <CardDescription>{text.description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {queue.isPending ? (
            <p className="text-sm text-muted-foreground">Loading...</p>
          ) : queue.isError && queue.items.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">The review queue could not be loaded.</p>
          ) : queue.items.length === 0 ? (
            <div className="grid justify-items-center gap-2 py-8 text-center text-muted-foreground">
              <FileCheck className="size-8" aria-hidden="true" />
              <p>{text.empty}</p>
            </div>
          ) : (
            <>
              <ul className="divide-y" aria-label={text.list}>
                {queue.items.map((story) =>
                  kind === ListPendingStoriesKind.edit ? (
                    <PendingEditRow key={story.id} story={story} />
                  ) : (
                    <PendingStoryRow key={story.id} story={story} withEdit={withEdit} />
                  ),
                )}
              </ul>
              <ListProgress
                shown={queue.items.length}
                total={queue.total}
                noun={text.noun}
                hasMore={queue.hasNextPage}
                loadingMore={queue.isFetchingNextPage}
                onShowMore={() => void queue.fetchNextPage()}
              />
            </>
          )}
        </CardContent>
      </Card>
    </TooltipProvider>
  );
}

/** How the published story will name its author (see docs/decisions/privacy.md). */
const BYLINE_LABELS: Record<PendingStoryDto['byline'], string> = {
  full: 'Full name',
  first: 'First name only',
  firstInitial: 'First name and initial',
  anonymous: 'Anonymous',
};

/** Who wrote it, its category, how long it has waited, and how it will be signed and for whom. */
function RowFacts({ story, by }: { story: PendingStoryDto; by: string }) {
  const author = fullName(story.author) || 'Community Member';
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {by} {author}
      </span>
      <Badge
        variant="outline"
        className={cn('max-w-full whitespace-normal [overflow-wrap:anywhere]', categoryBadgeClass(story.category))}
      >
        {story.category}
      </Badge>
      <time dateTime={story.waitingSince} className="font-medium whitespace-nowrap text-amber-800">
        waiting {waitedFor(story.waitingSince)}
      </time>
      <span className="whitespace-nowrap">
        Signed: {BYLINE_LABELS[story.byline]} · {story.audience === 'members' ? 'Members only' : 'Everyone'}
      </span>
    </p>
  );
}

function PendingStoryRow({ story, withEdit }: { story: PendingStoryDto; withEdit: boolean }) {
  const { approve, reject, remove, busy } = useStoryReview();
  const [rejecting, setRejecting] = useState(false);
  const [checklist, setChecklist] = useState<Checklist>(EMPTY_CHECKLIST);
  const excerpt = story.excerpt || excerptFallback(story.preview, QUEUE_EXCERPT_LENGTH);

  return (
    <li className="grid gap-3 py-5" aria-label={story.title}>
      <div className="grid min-w-0 gap-1.5">
        <h3 className="min-w-0 font-serif text-lg font-semibold [overflow-wrap:anywhere]">{story.title}</h3>
        <RowFacts story={story} by="By" />
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{excerpt}</p>
      </div>
      <SensitiveChecklist story={story} value={checklist} onChange={setChecklist} />
      <div className="flex flex-wrap gap-2">
        {/* Reviewers may open an unpublished story: the server shows it to them. */}
        <Button asChild size="sm" variant="outline">
          <Link href={`/stories/${story.id}`}>
            <BookOpen aria-hidden="true" />
            Read<span className="sr-only"> &ldquo;{story.title}&rdquo;</span>
          </Link>
        </Button>
        <Button
          size="sm"
          disabled={busy || !checklistDone(story, checklist)}
          onClick={() => approve.mutate({ id: story.id, data: approveBody(story, checklist) })}
        >
          <Check aria-hidden="true" />
          Approve
        </Button>
        <Button size="sm" variant="outline" disabled={busy} onClick={() => setRejecting(true)}>
          <X aria-hidden="true" />
          Reject
        </Button>
        {withEdit && (
          <Tooltip>
            <TooltipTrigger asChild>
              {/* aria-disabled, not disabled: it stays focusable, so a keyboard reaches the tooltip that says why. */}
              <Button
                size="sm"
                variant="outline"
                aria-disabled="true"
                className="cursor-not-allowed opacity-50 hover:bg-background hover:text-foreground"
              >
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            </TooltipTrigger>
            <TooltipContent>Editing from the review queue is not available</TooltipContent>
          </Tooltip>
        )}
        <DeleteStoryButton title={story.title} disabled={busy} onConfirm={() => remove.mutate({ id: story.id })} />
      </div>
      <RejectStoryDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={story.title}
        edit={false}
        onReject={(reason) => reject.mutate({ id: story.id, data: { reason } })}
      />
    </li>
  );
}

function PendingEditRow({ story }: { story: PendingStoryDto }) {
  const [comparing, setComparing] = useState(false);
  const changed = story.changedFields.map((field) => FIELD_NAMES[field] ?? field);
  const newTitle = story.revision && story.revision.title !== story.title ? story.revision.title : null;

  return (
    <li className="grid gap-3 py-5" aria-label={story.title}>
      <div className="grid min-w-0 gap-1.5">
        <h3 className="min-w-0 font-serif text-lg font-semibold [overflow-wrap:anywhere]">{story.title}</h3>
        <RowFacts story={story} by="Edit by" />
        <p className="text-sm [overflow-wrap:anywhere]">
          <span className="font-medium">Changes:</span> {changed.length > 0 ? changed.join(', ') : 'nothing'}
        </p>
        {newTitle ? (
          <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">New title: &ldquo;{newTitle}&rdquo;</p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => setComparing(true)}>
          <FileDiff aria-hidden="true" />
          Compare<span className="sr-only"> the edit of &ldquo;{story.title}&rdquo;</span>
        </Button>
      </div>
      <CompareEditDialog story={story} open={comparing} onOpenChange={setComparing} />
    </li>
  );
}

function DeleteStoryButton({
  title,
  disabled,
  onConfirm,
}: {
  title: string;
  disabled: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmButton
      disabled={disabled}
      title={`Delete “${title}”?`}
      description="Are you sure you want to delete this story? This action cannot be undone. The whole story goes, with its comments; to send it back to its author instead, use Reject."
      onConfirm={onConfirm}
    />
  );
}
