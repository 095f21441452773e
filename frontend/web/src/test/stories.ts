//! Sample stories for screen tests, in the shapes of the SDK's story DTOs.
import type { PendingStoryDto, StoryDto, StorySummaryDto } from '@grace-stories/sdk';

const author = { firstName: 'Ruth', lastName: 'Moab', profileImageUrl: null };

export function sampleSummary(overrides: Partial<StorySummaryDto> = {}): StorySummaryDto {
  return {
    id: 7,
    title: 'Grace in the Harvest',
    excerpt: 'What the fields taught us.',
    preview: 'First paragraph second line Second paragraph',
    category: 'Testimonies',
    videoUrl: null,
    thumbnailUrl: null,
    authorId: '6b1f6a3e-0000-4000-8000-000000000001',
    author,
    status: 'draft',
    isPublished: false,
    hasPendingRevision: false,
    rejectionReason: null,
    publishedAt: null,
    createdAt: '2024-03-05T10:00:00Z',
    updatedAt: '2024-03-05T10:00:00Z',
    ...overrides,
  };
}

export function sampleStory(overrides: Partial<StoryDto> = {}): StoryDto {
  const { hasPendingRevision: _unused, preview: _preview, ...summary } = sampleSummary();
  return {
    ...summary,
    content: '<p>First paragraph<br>second line</p>\n<p>Second paragraph</p>',
    approvedAt: null,
    approvedBy: null,
    ...overrides,
  };
}

export function samplePending(overrides: Partial<PendingStoryDto> = {}): PendingStoryDto {
  return { ...sampleStory({ status: 'pending_approval' }), revision: null, changedFields: [], ...overrides };
}
