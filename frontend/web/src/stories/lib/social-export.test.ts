import { ApiError } from '@grace-stories/sdk/react';
import { sampleUser } from '@/test/users';
import { canExportStory, exportFailedToast } from './social-export';

const story = { authorId: 'author-1' };

describe('who is offered social export', () => {
  it.each([
    ['a visitor', false, null],
    ['the approved author', true, sampleUser({ id: 'author-1', role: 'member' })],
    ['the author while waiting for approval', false, sampleUser({ id: 'author-1', isApproved: false })],
    ['another member', false, sampleUser({ id: 'someone', role: 'member' })],
    ['another contributor', false, sampleUser({ id: 'someone', role: 'primary_contributor' })],
    ['an admin', true, sampleUser({ id: 'someone', role: 'admin' })],
    ['a sub admin', true, sampleUser({ id: 'someone', role: 'sub_admin' })],
    ['a super admin', true, sampleUser({ id: 'someone', role: 'super_admin', isApproved: false })],
  ])('%s may export: %s', (_who, allowed, viewer) => {
    expect(canExportStory(viewer, story)).toBe(allowed);
  });
});

describe('the toast of a refused export', () => {
  const refused = (status: number, message?: string) =>
    exportFailedToast(new ApiError(status, message ?? 'Error', message ? { message } : undefined));

  it("shows the server's reason for a 400, or the product's text", () => {
    expect(refused(400, 'At least one platform is required')).toMatchObject({
      title: 'Cannot Export',
      description: 'At least one platform is required',
    });
    expect(refused(400)).toMatchObject({ description: 'Story must be published before exporting to social media' });
  });

  it("says the person can't export on a 403", () => {
    expect(refused(403, 'Your account is pending approval')).toMatchObject({
      title: "You can't export this story",
      description: 'Your account is pending approval',
      variant: 'destructive',
    });
  });

  it('never promises a post on any other failure', () => {
    for (const toast of [refused(404), refused(500), exportFailedToast(new Error('offline'))]) {
      expect(JSON.stringify(toast)).not.toMatch(/shared on social media shortly|Scheduled/);
      expect(toast.variant).toBe('destructive');
    }
  });
});
