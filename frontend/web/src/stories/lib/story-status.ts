//! Where an author's story stands, and how the two dashboards count it (README "Dashboards").
//! The server keeps `isPublished` true exactly for `approved` stories.
import type { StoryStatusDto, StorySummaryDto } from '@grace-stories/sdk/react';

type CountedStory = Pick<StorySummaryDto, 'status' | 'isPublished'>;

/** The label of each status, as the member dashboard's status badge and counts name it. */
export const STATUS_LABELS: Record<StoryStatusDto, string> = {
  draft: 'Draft',
  pending_approval: 'Pending Review',
  approved: 'Published',
  rejected: 'Rejected',
};

/**
 * Contributor dashboard (docs/product.md: cards with a Published/Draft badge): every story that is not live
 * is a draft to its author, whether it waits for review or came back rejected; the detail badge
 * says which. So Total Stories = Published + Drafts.
 */
export function contributorCounts(stories: readonly CountedStory[]) {
  const published = stories.filter((s) => s.isPublished).length;
  return { total: stories.length, published, drafts: stories.length - published };
}

/**
 * Member dashboard 'My Dashboard': Draft Stories ('Ready to submit') counts drafts and rejected
 * stories (a rejected story is back with its author, who can edit it and submit it again, exactly
 * like a draft); Pending Review counts stories waiting for review; Published the live ones. The
 * three add up to Total Stories.
 */
export function memberCounts(stories: readonly CountedStory[]) {
  const count = (...statuses: StoryStatusDto[]) => stories.filter((s) => statuses.includes(s.status)).length;
  return {
    total: stories.length,
    drafts: count('draft', 'rejected'),
    pendingReview: count('pending_approval'),
    published: count('approved'),
  };
}

/**
 * The success toast after a create, update or publish. The product's titles ('Story published
 * successfully', ...) only when they are true: a non-admin's Publish sends the story to review, and
 * an edit of a live story is staged, so those say where the story stands instead.
 */
export function storySavedToast(
  saved: Pick<StorySummaryDto, 'status'>,
  title: string,
  staged = false,
): { title: string; description?: string } {
  if (staged) {
    return {
      title: 'Changes sent for review',
      description: 'Your changes were sent for review. The published version stays live until they are approved.',
    };
  }
  if (saved.status === 'pending_approval') {
    return { title: 'Story sent for review', description: 'It goes live once a reviewer approves it.' };
  }
  return { title };
}
