import { getGetStoryQueryOptions, useGetStory } from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, BookOpen, Calendar, Clock, MessageCircle, Share2, Video } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { useFirstPaint } from '@/app/first-paint';
import { PageShell } from '@/components/layout/page-shell';
import { ScriptureChips } from '@/stories/components/scripture-chips';
import { ShareButtons, ShareMenu } from '@/stories/components/share-widget';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/hooks/use-auth';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { categoryBadgeClass } from '@/lib/categories';
import { formatDate, initials } from '@/lib/format';
import { canExportStory } from '@/stories/lib/social-export';
import { cn } from '@/lib/utils';
import { SubscribeReveal } from '@/subscriptions/components/subscribe-reveal';
import { CommentsSection } from './comments-section';
import { VersionHistory } from './version-history';
import { isPublicStory, VisibilityBanner } from './visibility-banner';

// Only moderators see this menu: its code (a form with the API's rules for taking a story down,
// whose module builds them as it runs) comes when one does, not on every reader's phone
// (docs/benchmarks.md, "Phones").
const ModeratorMenu = lazy(() => import('./moderator-menu').then((m) => ({ default: m.ModeratorMenu })));

/** Route ids are positive integers; anything else cannot name a story. */
function parseStoryId(raw: string): number | null {
  return /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** The server stores embed addresses (YouTube, Vimeo); anything but https is not framed. */
function embeddable(url: string | null | undefined): url is string {
  return typeof url === 'string' && url.startsWith('https://');
}

/** /stories/:id — the story, its share buttons and its comments (docs/product.md#screens). */
export function StoryDetailPage({ id }: { id: string }) {
  const storyId = parseStoryId(id);
  const {
    data: story,
    isPending,
    isError,
  } = useGetStory(storyId ?? 0, {
    query: { enabled: storyId !== null },
  });
  const { user } = useAuth();
  useDocumentTitle(story?.title ?? 'Story');
  const live = story !== undefined && isPublicStory(story);
  // A members-only story never leaves the site: no share links to a page visitors cannot open.
  const shareable = live && story.audience !== 'members';
  // Unpublish and the moderators' Delete: for those who review stories.
  const moderator = user?.abilities.includes('review_stories') ?? false;
  const ownsOrReviews = story !== undefined && user != null && (moderator || user.id === story.authorId);

  const painted = useFirstPaint();
  const client = useQueryClient();

  if (storyId === null || isError) return <StoryNotFound />;
  // The server painted the story's text: it stays until the story is here (first-paint.tsx).
  if (isPending && painted) throw client.prefetchQuery(getGetStoryQueryOptions(storyId));

  return (
    <PageShell className="bg-gradient-to-b from-amber-50/60 to-background">
      <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 lg:py-14">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <Button asChild variant="ghost" size="sm" className="-ml-3 text-muted-foreground">
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              Back to Stories
            </Link>
          </Button>
          {(live || ownsOrReviews) && (
            <div className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-2">
              {ownsOrReviews && <VersionHistory storyId={story.id} />}
              {live && moderator && (
                <Suspense fallback={null}>
                  <ModeratorMenu story={story} />
                </Suspense>
              )}
              {shareable && <ShareMenu story={story} canExport={canExportStory(user, story)} />}
            </div>
          )}
        </div>
        {isPending || !story ? (
          <StoryDetailSkeleton />
        ) : (
          <>
            <VisibilityBanner story={story} />
            <header className="mt-6">
              <div className="flex flex-wrap items-center gap-2">
                <Badge
                  variant="outline"
                  className={cn(
                    'max-w-full whitespace-normal [overflow-wrap:anywhere]',
                    categoryBadgeClass(story.category),
                  )}
                >
                  {story.category}
                </Badge>
                <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
                  {story.videoUrl ? (
                    <Video className="size-4" aria-hidden="true" />
                  ) : (
                    <BookOpen className="size-4" aria-hidden="true" />
                  )}
                  {story.videoUrl ? 'Video Story' : 'Text Story'}
                </span>
              </div>
              <h1 className="mt-4 font-serif text-4xl leading-tight font-semibold tracking-tight text-stone-900 [overflow-wrap:anywhere] sm:text-5xl">
                {story.title}
              </h1>
              {story.excerpt && (
                <p className="mt-4 text-xl leading-8 text-muted-foreground [overflow-wrap:anywhere]">{story.excerpt}</p>
              )}
              <StoryByline
                author={story.author}
                date={formatDate(story.publishedAt) ?? formatDate(story.createdAt) ?? 'Date unavailable'}
                minutes={story.readingMinutes}
              />
            </header>
            {embeddable(story.videoUrl) && (
              <div className="mt-8 aspect-video overflow-hidden rounded-2xl bg-black shadow-lg">
                <iframe
                  src={story.videoUrl}
                  title={`Video: ${story.title}`}
                  className="size-full"
                  loading="lazy"
                  referrerPolicy="strict-origin-when-cross-origin"
                  allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                />
              </div>
            )}
            {/* The server sanitises story HTML before storing it. */}
            <div className="story-content mt-10" dangerouslySetInnerHTML={{ __html: story.content }} />
            <ScriptureChips refs={story.scriptureRefs} className="mt-8" />
            {isPublicStory(story) ? (
              <>
                {story.audience !== 'members' && <ShareBlock story={story} />}
                <StorySubscribe />
                <CommentsSection storyId={story.id} />
              </>
            ) : (
              <CommentsClosed />
            )}
          </>
        )}
      </article>
    </PageShell>
  );
}

/** Below a public story: new stories by e-mail, the form shown on a button. */
function StorySubscribe() {
  return (
    <section aria-labelledby="story-subscribe-title" className="mt-12 rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="story-subscribe-title" className="font-serif text-xl font-semibold">
        More stories like this
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Hear of new stories by e-mail: each one as it is published, or a weekly or monthly digest.
      </p>
      <SubscribeReveal className="mt-4" />
    </section>
  );
}

/**
 * A story that is not public takes no comments (the server answers 404) and has no link worth
 * sharing yet (visitors get 'Story Not Found'), so neither the form nor the share block shows.
 */
function CommentsClosed() {
  return (
    <section aria-labelledby="comments-title" className="mt-16 border-t border-border pt-10">
      <h2 id="comments-title" className="flex items-center gap-2 font-serif text-2xl font-semibold">
        <MessageCircle className="size-6 text-primary" aria-hidden="true" />
        Comments
      </h2>
      <p className="mt-4 text-muted-foreground">Comments open once the story is published.</p>
    </section>
  );
}

function ShareBlock({ story }: { story: { id: number; title: string; excerpt?: string | null } }) {
  return (
    <section
      aria-labelledby="share-title"
      className="mt-12 rounded-2xl border border-amber-200 bg-gradient-to-br from-amber-50 to-rose-50 p-6"
    >
      <div>
        <h2 id="share-title" className="flex items-center gap-2 font-serif text-xl font-semibold">
          <Share2 className="size-5 text-primary" aria-hidden="true" />
          Share this story
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Help others discover this inspiring content</p>
      </div>
      <ShareButtons story={story} className="mt-4" />
    </section>
  );
}

/** The author, the date and the reading time, which the server counts (docs/product.md#screens). */
function StoryByline({
  author,
  date,
  minutes,
}: {
  author: { name: string; profileImageUrl?: string | null };
  date: string;
  minutes: number;
}) {
  const name = author.name;
  return (
    <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3 border-y border-border py-4 text-sm text-muted-foreground">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar className="size-10">
          {author.profileImageUrl && <AvatarImage src={author.profileImageUrl} alt="" />}
          <AvatarFallback className="bg-amber-100 text-amber-800">{initials(name)}</AvatarFallback>
        </Avatar>
        <span className="min-w-0 font-medium text-foreground [overflow-wrap:anywhere]">{name}</span>
      </div>
      <span className="inline-flex items-center gap-1.5">
        <Calendar className="size-4" aria-hidden="true" />
        {date}
      </span>
      <span className="inline-flex items-center gap-1.5">
        <Clock className="size-4" aria-hidden="true" />
        {minutes} min read
      </span>
    </div>
  );
}

function StoryDetailSkeleton() {
  return (
    <div className="mt-6 space-y-6" role="status" aria-busy="true" aria-label="Loading story">
      <Skeleton className="h-6 w-32" />
      <Skeleton className="h-12 w-4/5" />
      <Skeleton className="h-6 w-3/5" />
      <Skeleton className="h-16 w-full" />
      <div className="space-y-3">
        {['w-full', 'w-full', 'w-11/12', 'w-full', 'w-3/4'].map((width, i) => (
          <Skeleton key={i} className={cn('h-4', width)} />
        ))}
      </div>
    </div>
  );
}

function StoryNotFound() {
  useDocumentTitle('Story Not Found');
  return (
    <PageShell className="flex items-center justify-center px-4 py-24">
      <div className="max-w-md text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <BookOpen className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-6 font-serif text-3xl font-semibold">Story Not Found</h1>
        <p className="mt-3 text-muted-foreground">The story you're looking for doesn't exist or has been removed.</p>
        <Button className="mt-8" variant="outline" onClick={() => window.history.back()}>
          <ArrowLeft aria-hidden="true" />
          Go Back
        </Button>
      </div>
    </PageShell>
  );
}
