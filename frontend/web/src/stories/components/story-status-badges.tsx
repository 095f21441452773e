//! An author's view of where a story stands (README "Dashboards").
import type { StorySummaryDto } from '@grace-stories/sdk/react';
import { Badge } from '@/components/ui/badge';
import { STATUS_LABELS } from '@/stories/lib/story-status';

type StatusStory = Pick<StorySummaryDto, 'isPublished' | 'status' | 'hasPendingRevision'>;

const STATUS_CLASSES = {
  published: 'border-emerald-200 bg-emerald-100 text-emerald-800',
  pending: 'border-amber-300 bg-amber-50 text-amber-800',
  revision: 'border-sky-300 bg-sky-50 text-sky-800',
};

function PendingReviewBadge() {
  return (
    <Badge variant="outline" className={STATUS_CLASSES.pending}>
      {STATUS_LABELS.pending_approval}
    </Badge>
  );
}

function RevisionBadge({ story }: { story: StatusStory }) {
  if (!story.hasPendingRevision) return null;
  return (
    <Badge variant="outline" className={STATUS_CLASSES.revision}>
      Edit waiting for review
    </Badge>
  );
}

/**
 * Contributor cards (docs/product.md: "a Published/Draft badge"): 'Published' or 'Draft', then the detail
 * of a draft ('Pending Review' or 'Rejected') or of a live story ('Edit waiting for review').
 */
export function StoryPublicationBadges({ story }: { story: StatusStory }) {
  return (
    <>
      {story.isPublished ? (
        <Badge className={STATUS_CLASSES.published}>Published</Badge>
      ) : (
        <Badge variant="secondary">Draft</Badge>
      )}
      {story.status === 'pending_approval' && <PendingReviewBadge />}
      {story.status === 'rejected' && <Badge variant="destructive">{STATUS_LABELS.rejected}</Badge>}
      <RevisionBadge story={story} />
    </>
  );
}

/**
 * Member 'My Stories' (docs/product.md: "status badge"): one badge naming the status, as the dashboard's
 * counts do ('Draft', 'Pending Review', 'Published', 'Rejected'), plus 'Edit waiting for review'.
 */
export function StoryStatusBadge({ story }: { story: StatusStory }) {
  const badge = {
    draft: <Badge variant="secondary">{STATUS_LABELS.draft}</Badge>,
    pending_approval: <PendingReviewBadge />,
    approved: <Badge className={STATUS_CLASSES.published}>{STATUS_LABELS.approved}</Badge>,
    rejected: <Badge variant="destructive">{STATUS_LABELS.rejected}</Badge>,
  }[story.status];
  return (
    <>
      {badge}
      <RevisionBadge story={story} />
    </>
  );
}

/** The reviewer's reason under a rejected story, when one was given. */
export function RejectionReason({ story }: { story: Pick<StorySummaryDto, 'status' | 'rejectionReason'> }) {
  if (story.status !== 'rejected' || !story.rejectionReason) return null;
  return (
    <p className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
      <span className="font-medium">Reason:</span> {story.rejectionReason}
    </p>
  );
}
