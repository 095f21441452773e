//! The story card's action menu (docs/product.md#screens): Edit, Publish, Share and Delete.
import { useDeleteStory, usePublishStory, type StoryStatusDto } from '@grace-stories/sdk/react';
import { Globe, MoreVertical, Pencil, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-button';
import { PublishConsentDialog } from '@/stories/components/publish-consent-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { storyLink } from '@/stories/components/story-form/social-export-panel';
import { useStoryChanged } from '@/stories/api/story-changed';
import type { User } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { storySavedToast } from '@/stories/lib/story-status';
import { showMutationError } from '@/lib/api-errors';

export type StoryCardActions = {
  /** Who looks at the card: decides whether Delete is offered. */
  viewer: User;
  onEdit: (storyId: number) => void;
};

type MenuStory = {
  id: number;
  title: string;
  isPublished?: boolean;
  status?: StoryStatusDto;
  authorId?: string | null;
};

/**
 * docs/product.md#screens: offered for drafts and rejected stories. A story
 * waiting for review is not publishable (the server answers 409), nor is a live one.
 */
export function canPublishStory(story: Pick<MenuStory, 'isPublished' | 'status'>): boolean {
  if (story.isPublished) return false;
  return story.status === undefined || story.status === 'draft' || story.status === 'rejected';
}

/**
 * Delete is for whoever may delete any story (the admin roles of docs/product.md#roles) and for
 * the story's author, whom the server allows as well.
 */
export function canDeleteStory(viewer: Pick<User, 'id' | 'abilities'>, story: MenuStory): boolean {
  return (
    viewer.abilities.includes('delete_any_story') || (story.authorId !== undefined && story.authorId === viewer.id)
  );
}

/** Native share when the browser has it, else the link is copied (docs/product.md#screens). */
export async function shareStory(story: { id: number; title: string }): Promise<void> {
  const url = storyLink(story.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: story.title, url });
    } catch {
      // Closing the share sheet is not an error worth a toast.
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'Story link copied to clipboard' });
  } catch {
    toast({ title: 'Error', description: 'Failed to copy link', variant: 'destructive' });
  }
}

export function StoryCardMenu({ story, actions }: { story: MenuStory; actions: StoryCardActions }) {
  const [confirming, setConfirming] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const storyChanged = useStoryChanged();
  // A refusal that explains itself (already waiting for review, an account pending approval).
  const failed = (error: unknown, text: string) => showMutationError(error, { text, explainRefusal: true });
  const publish = usePublishStory({
    mutation: {
      onSuccess: (saved) => {
        setPublishing(false);
        toast(storySavedToast(saved, 'Story published successfully'));
        return storyChanged({ storyId: story.id, story: saved });
      },
      onError: (error) => failed(error, 'Failed to publish story'),
    },
  });
  const remove = useDeleteStory({
    mutation: {
      onSuccess: () => {
        toast({ title: 'Story deleted successfully' });
        return storyChanged({ storyId: story.id, deleted: true });
      },
      onError: (error) => failed(error, 'Failed to delete story'),
    },
  });

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="secondary"
            size="icon"
            className="size-8 bg-white/90 shadow-sm hover:bg-white"
            aria-label={`Actions for ${story.title}`}
          >
            <MoreVertical aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => actions.onEdit(story.id)}>
            <Pencil aria-hidden="true" />
            Edit
          </DropdownMenuItem>
          {canPublishStory(story) && (
            <DropdownMenuItem disabled={publish.isPending} onSelect={() => setPublishing(true)}>
              <Globe aria-hidden="true" />
              Publish
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => void shareStory(story)}>
            <Share2 aria-hidden="true" />
            Share
          </DropdownMenuItem>
          {canDeleteStory(actions.viewer, story) && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                className="text-destructive focus:text-destructive [&_svg]:text-destructive"
                disabled={remove.isPending}
                onSelect={() => setConfirming(true)}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>

      <PublishConsentDialog
        open={publishing}
        onOpenChange={setPublishing}
        busy={publish.isPending}
        onPublish={(consent) => publish.mutate({ id: story.id, data: { consent } })}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete story?"
        description="Are you sure you want to delete this story? This action cannot be undone."
        onConfirm={() => remove.mutate({ id: story.id })}
      />
    </>
  );
}
