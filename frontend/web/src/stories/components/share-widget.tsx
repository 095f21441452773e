//! docs/product.md#screens: share a story's link natively, by copy, on Twitter and LinkedIn, for
//! Instagram, or through the server's social export (offered only to those the server lets
//! export). Two looks: a menu and labelled buttons.
import { PlatformDto, useExportStory } from '@grace-stories/sdk/react';
import { Briefcase, Camera, Copy, MessageCircle, Send, Share2 } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTappedInPaint } from '@/app/first-paint';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toast } from '@/hooks/use-toast';
import { exportFailedToast } from '@/stories/lib/social-export';
import { isUnauthorizedError } from '@/lib/unauthorized';
import { cn } from '@/lib/utils';

/** docs/product.md#screens: the share popups' sizes. */
export const TWITTER_POPUP = 'width=600,height=400';
export const LINKEDIN_POPUP = 'width=600,height=500';
export const SHARE_HASHTAGS = ['faith', 'testimony', 'community'];

/** The share menu's button: its name is its text, and what a tap on the painted one is kept as. */
const SHARE_LABEL = 'Share';

export type ShareableStory = { id: number; title: string; excerpt?: string | null };

/** The absolute address of a story page, as it is shared. */
export function storyShareUrl(storyId: number): string {
  return `${window.location.origin}/stories/${storyId}`;
}

function openPopup(url: string, size: string): void {
  window.open(url, '_blank', `noopener,noreferrer,${size}`);
}

async function copyLink(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    toast({ title: 'Error', description: 'Failed to copy link', variant: 'destructive' });
    return false;
  }
}

function useShareActions(story: ShareableStory) {
  const url = storyShareUrl(story.id);
  const text = story.excerpt ? `${story.title} — ${story.excerpt}` : story.title;

  const exportStory = useExportStory({
    mutation: {
      // docs/product.md#errors: the share widget asks to log in and stays on the page.
      meta: { handlesUnauthorized: true },
      onSuccess: ({ message }) => toast({ title: 'Export queued', description: message }),
      onError: (error) => {
        if (isUnauthorizedError(error)) {
          toast({ title: 'Unauthorized', description: 'Please log in to export stories', variant: 'destructive' });
        } else {
          toast(exportFailedToast(error));
        }
      },
    },
  });

  return {
    copy: async () => {
      if (await copyLink(url)) toast({ title: 'Link copied', description: 'Story link copied to clipboard' });
    },
    native: async () => {
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title: story.title, text, url });
        } catch {
          // The reader closed the share sheet; nothing to report.
        }
        return;
      }
      if (await copyLink(url)) toast({ title: 'Link copied', description: 'Story link copied to clipboard' });
    },
    twitter: () => {
      const params = new URLSearchParams({ text, url, hashtags: SHARE_HASHTAGS.join(',') });
      openPopup(`https://twitter.com/intent/tweet?${params.toString()}`, TWITTER_POPUP);
    },
    linkedin: () => {
      const params = new URLSearchParams({ url });
      openPopup(`https://www.linkedin.com/sharing/share-offsite/?${params.toString()}`, LINKEDIN_POPUP);
    },
    instagram: async () => {
      if (await copyLink(url)) {
        toast({ title: 'Link copied!', description: 'You can now paste it in your Instagram bio or story.' });
      }
    },
    exportAll: () =>
      exportStory.mutate({
        id: story.id,
        data: { platforms: [PlatformDto.twitter, PlatformDto.linkedin, PlatformDto.instagram] },
      }),
    isExporting: exportStory.isPending,
  };
}

/**
 * A Share button opening the menu of every way to share (story page header). Auto-Export All
 * only when `canExport` (see `canExportStory`); everyone else gets the ordinary share links.
 */
export function ShareMenu({
  story,
  canExport = false,
  className,
}: {
  story: ShareableStory;
  canExport?: boolean;
  className?: string;
}) {
  const share = useShareActions(story);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // The story page's first paint has this button (app-server/src/pages/story_page.rs).
  useTappedInPaint(button, SHARE_LABEL, setOpen);
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button ref={button} variant="outline" size="sm" className={className} aria-label={SHARE_LABEL}>
          <Share2 aria-hidden="true" />
          Share
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void share.native()}>
          <Share2 aria-hidden="true" />
          Share Story
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void share.copy()}>
          <Copy aria-hidden="true" />
          Copy Link
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={share.twitter}>
          <MessageCircle aria-hidden="true" />
          Share on Twitter
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={share.linkedin}>
          <Briefcase aria-hidden="true" />
          Share on LinkedIn
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void share.instagram()}>
          <Camera aria-hidden="true" />
          Copy for Instagram
        </DropdownMenuItem>
        {canExport && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={share.exportAll} disabled={share.isExporting}>
              <Send aria-hidden="true" />
              {share.isExporting ? 'Exporting...' : 'Auto-Export All'}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The labelled variant: Twitter, LinkedIn, Instagram and Copy Link side by side. */
export function ShareButtons({ story, className }: { story: ShareableStory; className?: string }) {
  const share = useShareActions(story);
  const buttons: { label: string; icon: ReactNode; onClick: () => void; tone: string }[] = [
    {
      label: 'Twitter',
      icon: <MessageCircle aria-hidden="true" />,
      onClick: share.twitter,
      tone: 'hover:bg-sky-50 hover:text-sky-700',
    },
    {
      label: 'LinkedIn',
      icon: <Briefcase aria-hidden="true" />,
      onClick: share.linkedin,
      tone: 'hover:bg-blue-50 hover:text-blue-800',
    },
    {
      label: 'Instagram',
      icon: <Camera aria-hidden="true" />,
      onClick: () => void share.instagram(),
      tone: 'hover:bg-pink-50 hover:text-pink-700',
    },
    { label: 'Copy Link', icon: <Copy aria-hidden="true" />, onClick: () => void share.copy(), tone: '' },
  ];
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {buttons.map((b) => (
        <Button key={b.label} type="button" variant="outline" size="sm" className={b.tone} onClick={b.onClick}>
          {b.icon}
          {b.label}
        </Button>
      ))}
    </div>
  );
}
