//! Sample stories for screen tests, in the shapes of the SDK's story DTOs.
import type { PendingEditDto, PendingStoryDto, RevisionDto, StoryDto, StorySummaryDto } from '@grace-stories/sdk/react';

const author = { name: 'Ruth Moab', firstName: 'Ruth', lastName: 'Moab', profileImageUrl: null };

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
    byline: 'full',
    audience: 'public',
    status: 'draft',
    isPublished: false,
    hasPendingRevision: false,
    rejectionReason: null,
    publishedAt: null,
    createdAt: '2024-03-05T10:00:00Z',
    updatedAt: '2024-03-05T10:00:00Z',
    scriptureRefs: [],
    ...overrides,
  };
}

export function sampleStory(overrides: Partial<StoryDto> = {}): StoryDto {
  const { hasPendingRevision: _unused, preview: _preview, ...summary } = sampleSummary();
  return {
    ...summary,
    content: '<p>First paragraph<br>second line</p>\n<p>Second paragraph</p>',
    readingMinutes: 1,
    source: 'First paragraph\nsecond line\n\nSecond paragraph',
    approvedAt: null,
    approvedBy: null,
    ...overrides,
  };
}

/** A new story waiting for review; pass `kind: 'edit'` with a `revision` for an edit of a live one. */
export function samplePending(overrides: Partial<PendingStoryDto> = {}): PendingStoryDto {
  const {
    hasPendingRevision: _unused,
    rejectionReason: _reason,
    publishedAt: _published,
    ...summary
  } = sampleSummary({
    status: 'pending_approval',
  });
  return {
    ...summary,
    authorId: summary.authorId ?? '',
    kind: 'new',
    waitingSince: summary.createdAt,
    revision: null,
    changedFields: [],
    ...overrides,
    sensitive: overrides.sensitive ?? [],
  };
}

/** The answer of `GET /api/stories/{id}/pending-edit`: the live story and its waiting edit. */
export function samplePendingEdit(
  live: Partial<StoryDto> = {},
  edit: Partial<RevisionDto> = {},
  changedFields: string[] = ['title', 'content'],
): PendingEditDto {
  const story = sampleStory({ status: 'approved', isPublished: true, ...live });
  return {
    live: story,
    edit: {
      id: 1,
      title: story.title,
      content: story.content,
      source: story.source ?? story.content,
      excerpt: story.excerpt,
      category: story.category,
      videoUrl: story.videoUrl,
      thumbnailUrl: story.thumbnailUrl,
      createdAt: '2024-04-01T00:00:00Z',
      ...edit,
    },
    changedFields,
  };
}
