import { ApiError, useGetPendingEdit, type PendingEditDto, type PendingStoryDto } from '@grace-stories/sdk/react';
import { Check, X } from 'lucide-react';
import { Fragment, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { fullName } from '@/lib/format';
import { RejectStoryDialog } from './reject-story-dialog';
import { approveBody, checklistDone, EMPTY_CHECKLIST, SensitiveChecklist, type Checklist } from './sensitive-checklist';
import { plainText, wordDiff, type DiffPart } from './story-diff';
import { useRefreshStoryQueues, useStoryReview } from './use-story-review';

/**
 * The waiting edit of a live story beside the live text (`GET /api/stories/{id}/pending-edit`),
 * word by word, with Approve edit and Reject edit: the reviewer decides on what they have read.
 */
export function CompareEditDialog({
  story,
  open,
  onOpenChange,
}: {
  story: PendingStoryDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const author = fullName(story.author) || 'its author';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Compare edit</DialogTitle>
          <DialogDescription>
            What {author} wants to change in &ldquo;{story.title}&rdquo;. Until you approve, readers see the live story.
          </DialogDescription>
        </DialogHeader>
        <CompareEditBody story={story} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CompareEditBody({ story, onDone }: { story: PendingStoryDto; onDone: () => void }) {
  // Never from the cache: the author may have changed the edit since the last look.
  const pending = useGetPendingEdit(story.id, { query: { staleTime: 0, gcTime: 0 } });
  const { approveEdit, rejectEdit, busy } = useStoryReview();
  const refreshQueues = useRefreshStoryQueues();
  const [rejecting, setRejecting] = useState(false);
  const [checklist, setChecklist] = useState<Checklist>(EMPTY_CHECKLIST);
  // Withdrawn by its author or decided by another reviewer meanwhile: the queue is out of date.
  const gone = pending.error instanceof ApiError && pending.error.status === 404;
  useEffect(() => {
    if (gone) void refreshQueues();
  }, [gone, refreshQueues]);
  const ready = pending.data !== undefined && !busy;

  return (
    <>
      {pending.isPending ? (
        <p className="text-sm text-muted-foreground">Loading the edit...</p>
      ) : gone ? (
        <p className="text-sm">
          This edit is no longer waiting: its author took it back, or another reviewer already decided on it.
        </p>
      ) : pending.isError ? (
        <p className="text-sm text-destructive">The edit could not be loaded. Please try again.</p>
      ) : (
        <EditComparison edit={pending.data} />
      )}
      {ready && <SensitiveChecklist story={story} value={checklist} onChange={setChecklist} />}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
        <Button variant="outline" className="text-destructive" disabled={!ready} onClick={() => setRejecting(true)}>
          <X aria-hidden="true" />
          Reject edit
        </Button>
        <Button
          disabled={!ready || !checklistDone(story, checklist)}
          onClick={() =>
            approveEdit.mutate({ id: story.id, data: approveBody(story, checklist) }, { onSuccess: onDone })
          }
        >
          <Check aria-hidden="true" />
          Approve edit
        </Button>
      </DialogFooter>
      <RejectStoryDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={story.title}
        edit
        onReject={(reason) => rejectEdit.mutate({ id: story.id, data: { reason } }, { onSuccess: onDone })}
      />
    </>
  );
}

const OTHER_FIELDS = [
  { key: 'category', name: 'Category' },
  { key: 'videoUrl', name: 'Video URL' },
  { key: 'thumbnailUrl', name: 'Thumbnail' },
] as const;

function EditComparison({ edit: { live, edit, changedFields } }: { edit: PendingEditDto }) {
  const texts = useMemo(() => {
    const liveContent = plainText(live.content);
    const editContent = plainText(edit.content);
    return {
      title: wordDiff(live.title, edit.title),
      excerpt: wordDiff(live.excerpt ?? '', edit.excerpt ?? ''),
      content: liveContent === editContent ? null : wordDiff(liveContent, editContent),
    };
  }, [live, edit]);
  const others = OTHER_FIELDS.filter(({ key }) => (live[key] ?? '') !== (edit[key] ?? ''));

  return (
    <div className="grid min-w-0 gap-5">
      <p className="text-sm text-muted-foreground">
        Removed words are <DiffMark change="removed">struck through</DiffMark>; added words are{' '}
        <DiffMark change="added">underlined</DiffMark>.
      </p>
      <FieldComparison name="Title" parts={texts.title} />
      <FieldComparison name="Excerpt" parts={texts.excerpt} />
      {texts.content ? (
        <FieldComparison name="Content" parts={texts.content} />
      ) : (
        <FieldComparison
          name="Content"
          parts={[]}
          note={
            changedFields.includes('content')
              ? 'Only the formatting changed; the words are the same.'
              : 'The text is unchanged.'
          }
        />
      )}
      {others.length > 0 ? (
        <section className="grid gap-1.5" aria-label="Other changes">
          <h3 className="text-sm font-semibold">Also changed</h3>
          <dl className="grid gap-1 rounded-md border p-3 text-sm [overflow-wrap:anywhere]">
            {others.map(({ key, name }) => (
              <div key={key} className="flex flex-wrap gap-x-2">
                <dt className="font-medium">{name}:</dt>
                <dd className="flex min-w-0 flex-wrap gap-x-2">
                  <DiffMark change="removed">{live[key] || '(none)'}</DiffMark>
                  <DiffMark change="added">{edit[key] || '(none)'}</DiffMark>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}

function FieldComparison({ name, parts, note }: { name: string; parts: DiffPart[]; note?: string }) {
  const id = useId();
  const changed = parts.some((part) => part.change !== 'same');
  return (
    <section className="grid min-w-0 gap-1.5" aria-labelledby={id}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={id} className="text-sm font-semibold">
          {name}
        </h3>
        {changed ? (
          <Badge variant="outline" className="border-sky-300 bg-sky-50 text-sky-800">
            Changed
          </Badge>
        ) : (
          <span className="text-xs text-muted-foreground">Unchanged</span>
        )}
      </div>
      {/* No scroll box of its own: the dialog scrolls, so a long text reads in one piece. */}
      <div className="rounded-md border bg-muted/30 p-3 text-sm leading-relaxed whitespace-pre-wrap [overflow-wrap:anywhere]">
        {note ? (
          <span className="text-muted-foreground">{note}</span>
        ) : parts.length === 0 ? (
          <span className="text-muted-foreground">(none)</span>
        ) : (
          parts.map((part, i) =>
            part.change === 'same' ? (
              <span key={i}>{part.value}</span>
            ) : (
              <Fragment key={i}>
                {/* A replaced word: a space between the old and the new, so they do not read as one. */}
                {part.change === 'added' && parts[i - 1]?.change === 'removed' && !/^\s/.test(part.value) ? ' ' : null}
                <DiffMark change={part.change}>{part.value}</DiffMark>
              </Fragment>
            ),
          )
        )}
      </div>
    </section>
  );
}

/** A removed or added run: colour, a line through or under it, and words for screen readers. */
function DiffMark({ change, children }: { change: 'added' | 'removed'; children: ReactNode }) {
  return change === 'added' ? (
    <ins className="rounded-sm bg-emerald-100 text-emerald-900 underline decoration-emerald-700 decoration-2 underline-offset-2">
      <span className="sr-only">added: </span>
      {children}
    </ins>
  ) : (
    <del className="rounded-sm bg-rose-100 text-rose-900 line-through decoration-rose-700 decoration-2">
      <span className="sr-only">removed: </span>
      {children}
    </del>
  );
}
