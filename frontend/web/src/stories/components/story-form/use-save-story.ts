//! Saving the story form: create or update, the toasts, the cache refresh, and the
//! confirmation before the author withdraws their live story (a draft save of it). A moderator's
//! Unpublish is another action, on the story page.
import { useCreateStory, useUpdateStory, type StoryDto, type StoryInput } from '@grace-stories/sdk/react';
import { useState } from 'react';
import type { Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@/hooks/use-toast';
import { showMutationError } from '@/lib/api-errors';
import { storySavedToast } from '@/stories/lib/story-status';
import { checkStoryInput, type StoryFormValues } from './story-form-schema';
import { useStoryChanged } from '@/stories/api/story-changed';

/** The form fields the server may name in a 400. */
export const SERVER_FIELDS: readonly Path<StoryFormValues>[] = [
  'title',
  'category',
  'excerpt',
  'content',
  'videoUrl',
  'thumbnailUrl',
];

export function useSaveStory({
  story,
  onDone,
  setError,
}: {
  story: StoryDto | undefined;
  onDone: () => void;
  setError: UseFormSetError<StoryFormValues>;
}) {
  const storyChanged = useStoryChanged();
  // The server's field errors go under their fields; a refusal that explains itself (a story
  // waiting for review, an account pending approval) is appended to the toast.
  const failed = (error: unknown, text: string) =>
    showMutationError(error, { text, explainRefusal: true, form: { setError, fields: SERVER_FIELDS } });

  const create = useCreateStory({
    mutation: {
      onSuccess: async (created) => {
        toast(storySavedToast(created, 'Story created successfully'));
        onDone();
        await storyChanged({ storyId: created.id, story: created });
      },
      onError: (error) => failed(error, 'Failed to create story'),
    },
  });
  const update = useUpdateStory({
    mutation: {
      onSuccess: async ({ story: saved, staged }) => {
        const withdrawn = story?.isPublished === true && !saved.isPublished;
        toast(
          withdrawn
            ? {
                title: 'Story withdrawn from the site',
                description: 'It is a draft now; only you and moderators can see it.',
              }
            : storySavedToast(saved, 'Story updated successfully', staged),
        );
        onDone();
        await storyChanged({ storyId: saved.id, story: saved });
      },
      onError: (error) => failed(error, 'Failed to update story'),
    },
  });
  const saving = create.isPending || update.isPending;
  /** A checked draft save of a live story, held until the author confirms withdrawing it. */
  const [pendingWithdrawal, setPendingWithdrawal] = useState<StoryInput | null>(null);

  const submit = (input: StoryInput) => {
    const check = checkStoryInput(input);
    if (!check.ok) {
      toast({ title: 'Validation Error', description: check.description, variant: 'destructive' });
      return;
    }
    if (!story) return create.mutate({ data: check.data });
    // The server withdraws a live story from the site when it is saved with isPublished false.
    if (story.isPublished && !check.data.isPublished) return setPendingWithdrawal(check.data);
    update.mutate({ id: story.id, data: check.data });
  };

  const confirmWithdrawal = () => {
    if (story && pendingWithdrawal) update.mutate({ id: story.id, data: pendingWithdrawal });
    setPendingWithdrawal(null);
  };
  return { saving, submit, pendingWithdrawal, setPendingWithdrawal, confirmWithdrawal };
}
