//! What an author or moderator sees above a story that is not public (README "Story page").
import type { StoryDto } from '@grace-stories/sdk/react';
import { Clock, Lock, XCircle } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { cn } from '@/lib/utils';

type VisibilityStory = Pick<StoryDto, 'status' | 'isPublished' | 'rejectionReason'>;

/** Public means approved and published; everything else only its author and moderators can open. */
export function isPublicStory(story: VisibilityStory): boolean {
  return story.status === 'approved' && story.isPublished;
}

function bannerText(story: VisibilityStory): { title: string; description: string; tone: 'pending' | 'rejected' } {
  switch (story.status) {
    case 'draft':
      return {
        title: 'Draft — only you and moderators can see this',
        description: 'Publish it from your dashboard to send it for review.',
        tone: 'pending',
      };
    case 'pending_approval':
      return {
        title: 'Waiting for review',
        description: 'Only you and moderators can see this story until a reviewer approves it.',
        tone: 'pending',
      };
    default: {
      const reason = story.rejectionReason?.trim();
      return {
        title: reason ? `Not published: ${reason}` : 'Not published',
        description: 'Only you and moderators can see this story. Edit it and publish it again to send it for review.',
        tone: 'rejected',
      };
    }
  }
}

/** The banner over a story that is not public; nothing for a public one. */
export function VisibilityBanner({ story }: { story: VisibilityStory }) {
  if (isPublicStory(story)) return null;
  const { title, description, tone } = bannerText(story);
  const Icon = story.status === 'draft' ? Lock : tone === 'pending' ? Clock : XCircle;
  return (
    <Alert
      role="status"
      variant={tone === 'rejected' ? 'destructive' : 'default'}
      className={cn('mt-6', tone === 'pending' && 'border-amber-300 bg-amber-50 text-amber-900')}
    >
      <Icon aria-hidden="true" />
      <AlertTitle className="[overflow-wrap:anywhere]">{title}</AlertTitle>
      <AlertDescription className={cn(tone === 'pending' ? 'text-amber-800' : 'text-destructive/90')}>
        {description}
      </AlertDescription>
    </Alert>
  );
}
