import { useListStories } from '@grace-stories/sdk/react';
import { StoryCard, StoryCardSkeleton, type StoryCardData } from '@/stories/components/story-card';
import { SAMPLE_STORIES } from './sample-content';

export const FEATURED_STORY_COUNT = 3;

/**
 * The three newest published stories; the product's three sample cards when the site has none
 * (or the list cannot be loaded), so the landing page never looks empty.
 */
export function FeaturedStories() {
  const { data, isPending } = useListStories({ limit: FEATURED_STORY_COUNT }, { query: { retry: false } });

  if (isPending) {
    return (
      <div
        className="grid gap-8 md:grid-cols-2 lg:grid-cols-3"
        role="status"
        aria-busy="true"
        aria-label="Loading stories"
      >
        {Array.from({ length: FEATURED_STORY_COUNT }, (_, i) => (
          <StoryCardSkeleton key={i} />
        ))}
      </div>
    );
  }

  const stories: StoryCardData[] = data && data.length > 0 ? data.slice(0, FEATURED_STORY_COUNT) : SAMPLE_STORIES;
  return (
    <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
      {stories.map((story) => (
        <li key={story.id} className="flex min-w-0">
          <StoryCard story={story} className="w-full" />
        </li>
      ))}
    </ul>
  );
}
