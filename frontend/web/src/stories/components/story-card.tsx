import type { StorySummaryDto } from '@grace-stories/sdk/react';
import { BookOpen, Calendar, Play, Video } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { StoryCardActions } from '@/stories/components/story-card-menu';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { categoryBadgeClass, categoryCoverClass } from '@/lib/categories';
import { formatDate, initials } from '@/lib/format';
import { mediaSrcSet } from '@/lib/media';
import { cn } from '@/lib/utils';

// Only an author's own cards have the menu; readers' cards never load it.
const StoryCardMenu = lazy(() =>
  import('@/stories/components/story-card-menu').then((m) => ({ default: m.StoryCardMenu })),
);

export type StoryCardData = Pick<
  StorySummaryDto,
  'id' | 'title' | 'excerpt' | 'category' | 'videoUrl' | 'thumbnailUrl' | 'publishedAt' | 'createdAt' | 'author'
> &
  Partial<Pick<StorySummaryDto, 'isPublished' | 'status' | 'authorId' | 'preview'>>;

export type { StoryCardActions } from '@/stories/components/story-card-menu';

type StoryCardProps = {
  story: StoryCardData;
  className?: string;
  /** Shows the action menu (Edit, Publish, Share, Delete). */
  actions?: StoryCardActions;
  /** Extra badges beside the category (a dashboard's status badges). */
  badges?: ReactNode;
  /** Extra text under the excerpt (a rejection reason, for instance). */
  children?: ReactNode;
};

/** A story tile (docs/product.md#screens); the whole card leads to /stories/{id}. */
export function StoryCard({ story, className, actions, badges, children }: StoryCardProps) {
  const href = `/stories/${story.id}`;
  const isVideo = Boolean(story.videoUrl);
  const authorName = story.author.name;
  const date = formatDate(story.publishedAt) ?? formatDate(story.createdAt) ?? 'No date';
  const [thumbnailFailed, setThumbnailFailed] = useState(false);

  return (
    <Card
      className={cn(
        'group relative min-w-0 overflow-hidden transition-all duration-300 hover:-translate-y-1 hover:shadow-xl focus-within:ring-[3px] focus-within:ring-ring/50',
        className,
      )}
    >
      <div
        className={cn('relative aspect-[16/10] overflow-hidden bg-gradient-to-br', categoryCoverClass(story.category))}
      >
        {story.thumbnailUrl && !thumbnailFailed ? (
          <img
            src={story.thumbnailUrl}
            srcSet={mediaSrcSet(story.thumbnailUrl)}
            sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw"
            alt=""
            loading="lazy"
            onError={() => setThumbnailFailed(true)}
            className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
          />
        ) : (
          <div className="flex size-full items-center justify-center" aria-hidden="true">
            {isVideo ? <Video className="size-14" /> : <BookOpen className="size-14" />}
          </div>
        )}
        {isVideo && (
          <div className="absolute inset-0 flex items-center justify-center bg-black/10" aria-hidden="true">
            <span className="flex size-14 items-center justify-center rounded-full bg-white/90 text-primary shadow-lg transition-transform group-hover:scale-110">
              <Play className="ml-1 size-6 fill-current" />
            </span>
          </div>
        )}
        <div className="absolute top-3 left-3 flex gap-2">
          <Badge className="bg-white/90 text-stone-800 shadow-sm">{isVideo ? 'Video' : 'Article'}</Badge>
        </div>
        {actions && (
          <div className="absolute top-3 right-3 z-10">
            <Suspense fallback={null}>
              <StoryCardMenu story={story} actions={actions} />
            </Suspense>
          </div>
        )}
      </div>

      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge
            variant="outline"
            className={cn('max-w-full whitespace-normal [overflow-wrap:anywhere]', categoryBadgeClass(story.category))}
          >
            {story.category}
          </Badge>
          <span className="inline-flex items-center gap-1">
            <Calendar className="size-3.5" aria-hidden="true" />
            {date}
          </span>
          {badges}
        </div>
        <h3 className="font-serif text-xl leading-snug font-semibold [overflow-wrap:anywhere]">
          <Link
            href={href}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:text-primary"
          >
            {story.title}
          </Link>
        </h3>
        {/* Without an excerpt, the start of the story's text (the server's plain-text `preview`). */}
        {(story.excerpt || story.preview) && (
          <p className="line-clamp-3 text-sm leading-6 text-muted-foreground [overflow-wrap:anywhere]">
            {story.excerpt || story.preview}
          </p>
        )}
        {children && <div className="relative z-10 min-w-0 [overflow-wrap:anywhere]">{children}</div>}
        <div className="mt-auto flex items-center justify-between gap-3 pt-3">
          <div className="flex min-w-0 items-center gap-2">
            <Avatar className="size-8">
              {story.author.profileImageUrl && <AvatarImage src={story.author.profileImageUrl} alt="" />}
              <AvatarFallback className="bg-amber-100 text-xs text-amber-800">{initials(authorName)}</AvatarFallback>
            </Avatar>
            <span className="truncate text-sm font-medium">{authorName}</span>
          </div>
          <span className="shrink-0 text-sm font-semibold text-primary" aria-hidden="true">
            Read More →
          </span>
        </div>
      </div>
    </Card>
  );
}

export function StoryCardSkeleton() {
  return (
    <Card className="overflow-hidden" aria-hidden="true">
      <Skeleton className="aspect-[16/10] rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-6 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </Card>
  );
}
