//! The landing page's community figures and category tiles: the site's real numbers once it has a
//! published story, docs/product.md's sample figures on an empty site (README "Decisions").
import { useGetSiteInfo, useListCategories } from '@grace-stories/sdk/react';
import { COMMUNITY_STATS, SAMPLE_CATEGORIES } from './sample-content';

export type Stat = { label: string; value: number | null };
export type CategoryTile = { name: string; description: string | null; count: number | null };

/**
 * `stats`/`tiles` hold `null` values while the answer that decides between sample and real
 * figures is still on its way, so a site with stories never flashes the sample numbers.
 */
export function useLandingFigures(): { stats: Stat[]; tiles: CategoryTile[] } {
  const site = useGetSiteInfo({ query: { retry: false } });
  const published = site.data?.publishedStories ?? 0;
  const live = published > 0;
  const categories = useListCategories({ query: { enabled: live, retry: false } });

  const sampleTiles: CategoryTile[] = SAMPLE_CATEGORIES.map((c) => ({ ...c }));
  if (site.isPending) {
    return {
      stats: COMMUNITY_STATS.slice(0, 2).map((s) => ({ label: s.label, value: null })),
      tiles: sampleTiles.map((t) => ({ ...t, count: null })),
    };
  }
  if (!live) {
    // An empty site (or one whose figures cannot be read) shows docs/product.md's sample figures.
    return { stats: COMMUNITY_STATS.map((s) => ({ ...s })), tiles: sampleTiles };
  }

  const stats: Stat[] = [
    { label: 'Stories Shared', value: published },
    { label: 'Contributors', value: site.data?.contributors ?? 0 },
  ];
  if (categories.data) {
    const described = new Map<string, string>(SAMPLE_CATEGORIES.map((c) => [c.name, c.description]));
    const tiles = categories.data.map((c) => ({
      name: c.name,
      description: described.get(c.name) ?? c.description ?? null,
      count: c.storyCount,
    }));
    return { stats, tiles };
  }
  // Loading, or failed: the names without counts (sample counts would be untrue here).
  return { stats, tiles: sampleTiles.map((t) => ({ ...t, count: null })) };
}
