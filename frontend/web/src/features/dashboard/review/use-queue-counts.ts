//! How many items wait in each of the caller's moderation queues (`GET /api/admin/queues`), for
//! the counts on the dashboards' tabs.
import { useQueueCounts as useQueueCountsQuery } from '@grace-stories/sdk/react';

/**
 * The moderators' own decisions refresh the counts at once (their mutations invalidate
 * `getQueueCountsQueryKey()`); what others send in meanwhile shows when the dashboard is opened
 * again or the window regains focus, at most every 30 seconds. A queue that is not the caller's is
 * `null`; while loading every count is `null`, so no tab shows a wrong 0.
 */
export function useQueueCounts() {
  const query = useQueueCountsQuery({ query: { staleTime: 30_000, refetchOnWindowFocus: true } });
  const counts = query.data;
  return {
    ...query,
    comments: counts?.comments ?? null,
    newStories: counts?.newStories ?? null,
    edits: counts?.edits ?? null,
    people: counts?.people ?? null,
    helpOpen: counts?.helpOpen ?? null,
    mailFailed: counts?.mailFailed ?? null,
    socialFailed: counts?.socialFailed ?? null,
  };
}
