import { useExportStory, type PlatformDto, type StoryDto } from '@grace-stories/sdk/react';
import { AlertCircle, Briefcase, Camera, ExternalLink, MessageCircle, Share2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { useSiteName } from '@/hooks/use-site-name';
import { exportFailedToast, NOT_PUBLISHED_MESSAGE } from '@/stories/lib/social-export';
import { isSentToSignIn } from '@/lib/unauthorized';

const ALL_PLATFORMS: PlatformDto[] = ['twitter', 'linkedin', 'instagram'];

const PLATFORM_BUTTONS: { platform: PlatformDto; label: string; icon: ReactNode }[] = [
  { platform: 'twitter', label: 'Export to Twitter', icon: <MessageCircle aria-hidden="true" /> },
  { platform: 'linkedin', label: 'Export to LinkedIn', icon: <Briefcase aria-hidden="true" /> },
  { platform: 'instagram', label: 'Export to Instagram', icon: <Camera aria-hidden="true" /> },
];

export function storyLink(id: number): string {
  return `${window.location.origin}/stories/${id}`;
}

/** docs/product.md#screens: only a published story can be posted (`POST /api/stories/{id}/export`). */
export function SocialExportPanel({ story }: { story: StoryDto | null }) {
  const siteName = useSiteName();
  const [target, setTarget] = useState<'all' | PlatformDto | null>(null);
  const exporting = useExportStory({
    mutation: {
      onSuccess: ({ message }) => toast({ title: 'Export queued', description: message }),
      onError: (error) => {
        // A 401 has sent the visitor to sign in already (the QueryClient's MutationCache).
        if (!isSentToSignIn(error)) toast(exportFailedToast(error));
      },
      onSettled: () => setTarget(null),
    },
  });

  if (!story || !story.isPublished) {
    return (
      <Alert>
        <AlertCircle aria-hidden="true" />
        <AlertTitle>Story Not Published</AlertTitle>
        <AlertDescription>You must publish your story before exporting to social media platforms.</AlertDescription>
      </Alert>
    );
  }

  const send = (which: 'all' | PlatformDto) => {
    if (!story.isPublished) {
      toast({ title: 'Cannot Export', description: NOT_PUBLISHED_MESSAGE, variant: 'destructive' });
      return;
    }
    setTarget(which);
    exporting.mutate({ id: story.id, data: { platforms: which === 'all' ? ALL_PLATFORMS : [which] } });
  };
  const link = storyLink(story.id);

  return (
    <div className="grid gap-5">
      <Card>
        <CardContent className="grid gap-2 p-5">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Preview</p>
          <h3 className="font-serif text-lg font-semibold">{story.title}</h3>
          {story.excerpt && <p className="text-sm text-muted-foreground">{story.excerpt}</p>}
          <a
            href={link}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
          >
            {link}
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </a>
          <p className="text-xs text-muted-foreground">Shared from {siteName}</p>
        </CardContent>
      </Card>

      <div className="grid gap-2 sm:grid-cols-3">
        {PLATFORM_BUTTONS.map(({ platform, label, icon }) => (
          <Button
            key={platform}
            type="button"
            variant="outline"
            disabled={exporting.isPending}
            onClick={() => send(platform)}
          >
            {icon}
            {label}
          </Button>
        ))}
      </div>
      <Button type="button" disabled={exporting.isPending} onClick={() => send('all')}>
        <Share2 aria-hidden="true" />
        {exporting.isPending && target === 'all' ? 'Exporting...' : 'Export to All Platforms'}
      </Button>

      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        <li>Each post includes the story&apos;s title and excerpt.</li>
        <li>A backlink leads readers to the full story on the site.</li>
        <li>Posts carry the {siteName} branding.</li>
      </ul>
    </div>
  );
}
