//! Saving the story form: create or update, the toasts, the cache refresh, and the
//! confirmation before a draft save takes a live story off the site.
import { useCreateStory, useUpdateStory, type StoryDto, type StoryInput } from '@grace-stories/sdk/react';
import { useState } from 'react';
import type { Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@/hooks/use-toast';
import { showMutationError } from '@/lib/api-errors';
import { storySavedToast } from '@/lib/story-status';
import { checkStoryInput, type StoryFormValues } from './story-form-schema';
import { useRefreshStories } from './use-story-cache';

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
  authorId,
  onDone,
  setError,
}: {
  story: StoryDto | undefined;
  authorId: string;
  onDone: () => void;
  setError: UseFormSetError<StoryFormValues>;
}) {
  const refresh = useRefreshStories();
  // The server's field errors go under their fields; a refusal that explains itself (a story
  // waiting for review, an account pending approval) is appended to the toast.
  const failed = (error: unknown, text: string) =>
    showMutationError(error, { text, explainRefusal: true, form: { setError, fields: SERVER_FIELDS } });

  const create = useCreateStory({
    mutation: {
      onSuccess: async (created) => {
        toast(storySavedToast(created, 'Story created successfully'));
        onDone();
        await refresh({ storyId: created.id, authorId, story: created });
      },
      onError: (error) => failed(error, 'Failed to create story'),
    },
  });
  const update = useUpdateStory({
    mutation: {
      onSuccess: async ({ story: saved, staged }) => {
        const takenDown = story?.isPublished === true && !saved.isPublished;
        toast(
          takenDown
            ? {
                title: 'Story taken off the site',
                description: 'It is a draft now; only you and moderators can see it.',
              }
            : storySavedToast(saved, 'Story updated successfully', staged),
        );
        onDone();
        await refresh({ storyId: saved.id, authorId, story: saved });
      },
      onError: (error) => failed(error, 'Failed to update story'),
    },
  });
  const saving = create.isPending || update.isPending;
  /** A checked draft save of a live story, held until the author confirms taking it off the site. */
  const [pendingTakeDown, setPendingTakeDown] = useState<StoryInput | null>(null);

  const submit = (input: StoryInput) => {
    const check = checkStoryInput(input);
    if (!check.ok) {
      toast({ title: 'Validation Error', description: check.description, variant: 'destructive' });
      return;
    }
    if (!story) return create.mutate({ data: check.data });
    // The server takes a live story off the site when it is saved with isPublished false.
    if (story.isPublished && !check.data.isPublished) return setPendingTakeDown(check.data);
    update.mutate({ id: story.id, data: check.data });
  };

  const confirmTakeDown = () => {
    if (story && pendingTakeDown) update.mutate({ id: story.id, data: pendingTakeDown });
    setPendingTakeDown(null);
  };
  return { saving, submit, pendingTakeDown, setPendingTakeDown, confirmTakeDown };
}
