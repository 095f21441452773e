//! Social export (`POST /api/stories/{id}/export`): who is offered it, and what a refusal says.
import { ApiError } from '@grace-stories/sdk/react';
import type { User } from '@/hooks/use-auth';
import type { ToastInput } from '@/hooks/use-toast';
import { serverMessage } from '@/lib/api-errors';

/** The text for exporting a story that is not published (docs/product.md#limits). */
export const NOT_PUBLISHED_MESSAGE = 'Story must be published before exporting to social media';

/**
 * The server's rule, so the offer is not made to someone it would refuse: someone who may write
 * stories (an approved account), for their own story or, if they review stories, anyone's. The
 * server still decides; a refusal gets its own toast below.
 */
export function canExportStory(
  viewer: Pick<User, 'id' | 'abilities'> | null,
  story: { authorId?: string | null; audience?: string },
): boolean {
  if (!viewer) return false;
  // Members-only stories never leave the site.
  if (story.audience === 'members') return false;
  if (!viewer.abilities.includes('write_stories')) return false;
  return story.authorId === viewer.id || viewer.abilities.includes('review_stories');
}

/**
 * The toast for a failed export other than 401 (the share widget asks to log in, the story form's
 * Social Export tab leaves it to the QueryClient's sign-in redirect). It never
 * says the story will be shared: only a 200 answer queues posts.
 */
export function exportFailedToast(error: unknown): ToastInput {
  const status = error instanceof ApiError ? error.status : null;
  const message = serverMessage(error);
  if (status === 400) {
    return { title: 'Cannot Export', description: message ?? NOT_PUBLISHED_MESSAGE, variant: 'destructive' };
  }
  if (status === 403) {
    return {
      title: "You can't export this story",
      description: message ?? 'Only its author or a reviewer can export it.',
      variant: 'destructive',
    };
  }
  if (status === 404) {
    return { title: 'Cannot Export', description: 'This story no longer exists.', variant: 'destructive' };
  }
  return { title: 'Error', description: 'Failed to export to social media', variant: 'destructive' };
}
