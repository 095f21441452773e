import { sampleSummary } from '@/test/stories';
import { contributorCounts, memberCounts } from './story-status';

const stories = [
  sampleSummary({ status: 'draft' }),
  sampleSummary({ status: 'pending_approval' }),
  sampleSummary({ status: 'rejected' }),
  sampleSummary({ status: 'approved', isPublished: true }),
  sampleSummary({ status: 'approved', isPublished: true, hasPendingRevision: true }),
];

describe('story counts', () => {
  it('counts every story that is not live as a contributor draft', () => {
    expect(contributorCounts(stories)).toEqual({ total: 5, published: 2, drafts: 3 });
  });

  it('counts rejected stories as member drafts and pending ones as Pending Review', () => {
    expect(memberCounts(stories)).toEqual({ total: 5, drafts: 2, pendingReview: 1, published: 2 });
  });

  it('adds up to the total on both dashboards', () => {
    const c = contributorCounts(stories);
    const m = memberCounts(stories);
    expect(c.published + c.drafts).toBe(c.total);
    expect(m.drafts + m.pendingReview + m.published).toBe(m.total);
  });
});
