import { useGetStory, type PendingEditDto, type StoryDto } from '@grace-stories/sdk/react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { NO_CONSENT } from './consent-checks';
import { EMPTY_STORY_FORM, type StoryFormValues } from './story-form-schema';
import { StoryForm } from './story-form';
import { useWaitingEdit } from '@/stories/api/use-waiting-edit';

export type StoryFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in author (sent as `authorId`; the server uses the session anyway). */
  authorId: string;
  /** The story to edit; none to create one. */
  storyId?: number | null;
};

/** docs/product.md#screens: 'Create New Story' or 'Edit Story'. */
export function StoryFormDialog({ open, onOpenChange, authorId, storyId = null }: StoryFormDialogProps) {
  const editing = storyId !== null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle className="font-serif text-2xl">{editing ? 'Edit Story' : 'Create New Story'}</DialogTitle>
          <DialogDescription>
            {editing
              ? 'Update your story and save your changes.'
              : 'Share a testimony, a study or a video with the community.'}
          </DialogDescription>
        </DialogHeader>
        {open &&
          (editing ? (
            <EditStory storyId={storyId} authorId={authorId} onDone={() => onOpenChange(false)} />
          ) : (
            <StoryForm initial={EMPTY_STORY_FORM} authorId={authorId} onDone={() => onOpenChange(false)} />
          ))}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The edit form is built only from the server's current story: the story is fetched again each
 * time the modal opens (even when a copy is cached) and a skeleton shows until that answer is in,
 * so a form never starts from older text and a save never overwrites newer text with it.
 *
 * A live story may have an edit waiting for review: then the form shows that edit's text (what
 * its author last wrote), not the live text, and cannot be saved until the edit is withdrawn.
 */
function EditStory({ storyId, authorId, onDone }: { storyId: number; authorId: string; onDone: () => void }) {
  const { data: story, isError, isFetchedAfterMount } = useGetStory(storyId, { query: { refetchOnMount: 'always' } });
  const live = story?.isPublished === true;
  const waiting = useWaitingEdit(storyId, isFetchedAfterMount && live);
  // Without an answer about a waiting edit (a failure other than 404), the live text is shown;
  // the server still refuses a save while an edit waits.
  const waitingKnown = !live || waiting.isFetchedAfterMount;
  if (isError) {
    return <p className="py-6 text-center text-muted-foreground">This story could not be loaded. Please try again.</p>;
  }
  if (!story || !isFetchedAfterMount || !waitingKnown) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading story">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  const waitingEdit = live && !waiting.isError ? (waiting.data ?? null) : null;
  // A newer version of the story (another answer from the server), or the edit withdrawn,
  // starts a new form.
  return (
    <StoryForm
      key={`${story.id}:${story.updatedAt}:${waitingEdit ? `edit-${waitingEdit.edit.id}` : 'live'}`}
      initial={waitingEdit ? formValuesOfEdit(waitingEdit) : formValuesOf(story)}
      story={story}
      waitingEdit={waitingEdit !== null}
      authorId={authorId}
      onDone={onDone}
    />
  );
}

/**
 * A stored story as form values: the text exactly as its author typed it (the server keeps it
 * beside the HTML it made of it; only its author and reviewers receive it).
 */
export function formValuesOf(story: StoryDto): StoryFormValues {
  return {
    contentType: story.videoUrl ? 'video' : 'text',
    title: story.title,
    category: story.category,
    excerpt: story.excerpt ?? '',
    videoUrl: story.videoUrl ?? '',
    content: story.source ?? story.content,
    thumbnailUrl: story.thumbnailUrl ?? '',
    isPublished: story.isPublished,
    byline: story.byline,
    audience: story.audience,
    // Asked again at every submission.
    consent: NO_CONSENT,
    sensitive: [],
    wasLive: story.isPublished,
  };
}

/** The waiting edit as form values: its own text, on the live (published) story. */
export function formValuesOfEdit({ live, edit }: PendingEditDto): StoryFormValues {
  return formValuesOf({
    ...live,
    title: edit.title,
    category: edit.category,
    excerpt: edit.excerpt,
    videoUrl: edit.videoUrl,
    source: edit.source,
    thumbnailUrl: edit.thumbnailUrl,
  });
}
