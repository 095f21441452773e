import type { StorySummaryDto } from '@grace-stories/sdk/react';
import { CloudOff, PenLine, RotateCw, SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { StoryCard, StoryCardSkeleton } from '@/stories/components/story-card';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** Story cards in the site's grid. */
export function StoryGrid({ stories, label }: { stories: StorySummaryDto[]; label: string }) {
  return (
    <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {stories.map((story) => (
        <li key={story.id} className="flex min-w-0">
          <StoryCard story={story} className="w-full" />
        </li>
      ))}
    </ul>
  );
}

export function StoryGridSkeleton({ count }: { count: number }) {
  return (
    <div
      className="grid gap-8 md:grid-cols-2 lg:grid-cols-3"
      role="status"
      aria-busy="true"
      aria-label="Loading stories"
    >
      {Array.from({ length: count }, (_, i) => (
        <StoryCardSkeleton key={i} />
      ))}
    </div>
  );
}

/** A failed load is not an empty site: say so and offer to try again. */
export function StoriesLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-dashed border-destructive/40 bg-destructive/5 px-6 py-16 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <CloudOff className="size-7" aria-hidden="true" />
      </span>
      <h3 className="mt-5 font-serif text-2xl font-semibold">Stories could not be loaded</h3>
      <p className="mt-2 max-w-md text-muted-foreground">
        Something went wrong while loading the stories. Check your connection and try again.
      </p>
      <Button className="mt-6" onClick={onRetry} disabled={retrying}>
        <RotateCw className={cn(retrying && 'animate-spin')} aria-hidden="true" />
        {retrying ? 'Retrying...' : 'Retry'}
      </Button>
    </div>
  );
}

/**
 * Nothing to show. Home keeps the product's 'No Stories Found' texts; the story browser passes its
 * own `title` and `message`.
 */
export function NoStoriesFound({
  filtering,
  canCreate,
  title = 'No Stories Found',
  message,
}: {
  filtering: boolean;
  canCreate: boolean;
  title?: string;
  message?: string;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-amber-200 bg-amber-50/40 px-6 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <h3 className="mt-5 font-serif text-2xl font-semibold">{title}</h3>
      <p className="mt-2 max-w-md text-muted-foreground">
        {message ??
          (filtering
            ? 'Try adjusting your search or filter criteria.'
            : 'Be the first to share a story with the community!')}
      </p>
      {canCreate && (
        <Button asChild className="mt-6">
          <Link href="/contributor-dashboard">
            <PenLine aria-hidden="true" />
            Create Your First Story
          </Link>
        </Button>
      )}
    </div>
  );
}
