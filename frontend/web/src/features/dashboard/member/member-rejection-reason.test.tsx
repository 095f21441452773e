import { screen, within } from '@testing-library/react';
import { renderApp, signedOut } from '@/test/render-app';
import { sampleSummary } from '@/test/stories';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("My Dashboard shows a moderator's reason on the story it concerns", () => {
  const user = sampleUser();

  async function myStories() {
    renderApp('/dashboard', {
      ...signedOut,
      'GET /api/user': { body: user },
      [`GET /api/stories/author/${user.id}`]: {
        body: [
          sampleSummary({
            id: 1,
            title: 'Taken Down',
            status: 'rejected',
            publishedAt: '2024-03-01T10:00:00Z',
            rejectionReason: 'It names a church member without their consent.',
          }),
          sampleSummary({
            id: 2,
            title: 'Sent Back',
            status: 'rejected',
            rejectionReason: 'Please add a Bible reference.',
          }),
          sampleSummary({ id: 3, title: 'No Reason Given', status: 'rejected', rejectionReason: null }),
          sampleSummary({ id: 4, title: 'Live', status: 'approved', isPublished: true, hasPendingRevision: true }),
        ],
      },
    });
    return within(await screen.findByRole('list', { name: 'My stories' }));
  }

  it('on a story taken down from the site and on one sent back from review', async () => {
    const list = await myStories();
    const takenDown = within(list.getByRole('listitem', { name: 'Taken Down' }));
    expect(takenDown.getByText('Rejected')).toBeInTheDocument();
    expect(takenDown.getByText('Reason:').parentElement).toHaveTextContent(
      'Reason: It names a church member without their consent.',
    );
    expect(takenDown.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    const sentBack = within(list.getByRole('listitem', { name: 'Sent Back' }));
    expect(sentBack.getByText('Reason:').parentElement).toHaveTextContent('Reason: Please add a Bible reference.');
    // Each reason stays on its own story.
    expect(sentBack.queryByText(/church member/)).not.toBeInTheDocument();
  });

  it('shows no reason line when none was given, nor on a live story', async () => {
    const list = await myStories();
    expect(
      within(list.getByRole('listitem', { name: 'No Reason Given' })).queryByText('Reason:'),
    ).not.toBeInTheDocument();
    const live = within(list.getByRole('listitem', { name: 'Live' }));
    expect(live.queryByText('Reason:')).not.toBeInTheDocument();
    expect(live.getByText('Edit waiting for review')).toBeInTheDocument();
  });
});
