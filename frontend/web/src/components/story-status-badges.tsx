//! An author's view of where a story stands: Published/Draft plus its review state.
import type { StorySummaryDto } from '@grace-stories/sdk';
import { Badge } from '@/components/ui/badge';

type StatusStory = Pick<StorySummaryDto, 'isPublished' | 'status' | 'hasPendingRevision'>;

/** 'Published' or 'Draft', then 'In Review', 'Rejected' or 'Edit waiting for review' when they apply. */
export function StoryStatusBadges({ story }: { story: StatusStory }) {
  return (
    <>
      {story.isPublished ? (
        <Badge className="border-emerald-200 bg-emerald-100 text-emerald-800">Published</Badge>
      ) : (
        <Badge variant="secondary">Draft</Badge>
      )}
      {story.status === 'pending_approval' && (
        <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-800">
          In Review
        </Badge>
      )}
      {story.status === 'rejected' && <Badge variant="destructive">Rejected</Badge>}
      {story.hasPendingRevision && (
        <Badge variant="outline" className="border-sky-300 bg-sky-50 text-sky-800">
          Edit waiting for review
        </Badge>
      )}
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
