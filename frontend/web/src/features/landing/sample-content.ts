//! The landing page's sample figures (docs/product.md#screens) and the three sample featured stories that
//! stand in while the site has no published story yet.
import type { StoryCardData } from '@/stories/components/story-card';

export const SAMPLE_CATEGORIES = [
  { name: 'Bible Study', count: 24, description: 'Verse-by-verse reflections and study notes' },
  { name: 'Testimonies', count: 18, description: "Personal accounts of God's faithfulness" },
  { name: 'Faith & Life', count: 32, description: 'Living out faith in everyday moments' },
  { name: 'Worship', count: 15, description: 'Songs, prayers and moments of praise' },
] as const;

export const COMMUNITY_STATS = [
  { value: 89, label: 'Stories Shared' },
  { value: 24, label: 'Contributors' },
  { value: 12, label: 'Countries' },
] as const;

const noAuthorImage = { profileImageUrl: null };

export const SAMPLE_STORIES: StoryCardData[] = [
  {
    id: 1,
    title: 'Finding Hope in the Valley',
    excerpt:
      'When I lost my job last spring, I never imagined the season would draw me closer to God and to a church family that carried me through.',
    category: 'Testimonies',
    videoUrl: null,
    thumbnailUrl: null,
    publishedAt: '2024-03-05T10:00:00Z',
    createdAt: '2024-03-05T10:00:00Z',
    author: { name: 'Sarah Mitchell', firstName: 'Sarah', lastName: 'Mitchell', ...noAuthorImage },
  },
  {
    id: 2,
    title: 'Walking Through Psalm 23',
    excerpt:
      "A gentle, verse-by-verse journey through the Shepherd's psalm and what it teaches us about trust, rest and God's faithful care.",
    category: 'Bible Study',
    videoUrl: 'https://www.youtube.com/embed/psalm-23',
    thumbnailUrl: null,
    publishedAt: '2024-02-18T10:00:00Z',
    createdAt: '2024-02-18T10:00:00Z',
    author: { name: 'David Okafor', firstName: 'David', lastName: 'Okafor', ...noAuthorImage },
  },
  {
    id: 3,
    title: 'Grace at the Kitchen Table',
    excerpt:
      'How our family turned ordinary weeknight dinners into a time of prayer, gratitude and honest conversation about faith.',
    category: 'Faith & Life',
    videoUrl: null,
    thumbnailUrl: null,
    publishedAt: '2024-01-27T10:00:00Z',
    createdAt: '2024-01-27T10:00:00Z',
    author: { name: 'Maria Lopez', firstName: 'Maria', lastName: 'Lopez', ...noAuthorImage },
  },
];
