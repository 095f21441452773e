import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000).toISOString();

function queued(id: number, storyId: number, storyTitle: string, authorName: string, days: number) {
  return {
    storyTitle,
    comment: {
      id,
      storyId,
      authorName,
      authorEmail: `${authorName.toLowerCase()}@example.org`,
      content: `Comment ${id} from ${authorName}`,
      createdAt: daysAgo(days),
      isApproved: false,
      isVisible: true,
      platform: 'website',
      platformId: null,
    },
  };
}

const first = queued(31, 7, 'Songs in the Night', 'Priscilla', 3);
const second = queued(32, 8, 'The Harvest', 'Aquila', 1);

function calls(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
}

const table = (role: string, extra: FetchTable = {}): FetchTable => ({
  ...signedOut,
  'GET /api/user': { body: sampleUser({ role: role as never }) },
  'GET /api/admin/stories/pending': { body: [] },
  'GET /api/admin/comments/pending': { body: [first, second], headers: { 'X-Total-Count': '45' } },
  ...extra,
});

/** Opens the comment queue from the admin area's sidebar (`tab`), then waits for the queue. */
async function openTab({ tab = true } = {}) {
  // The first visit loads the dashboard's lazy chunk.
  if (tab) await userEvent.click(await screen.findByRole('link', { name: /^Pending Comments/ }, { timeout: 5000 }));
  return within(await screen.findByRole('list', { name: 'Pending comments' }));
}

describe('Pending Comments', () => {
  it('lists the queue oldest first with the story, the author, the wait and the total', async () => {
    const { fetchMock } = renderApp('/admin', table('sub_admin'));
    const list = await openTab();
    const rows = list.getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'Comment by Priscilla on Songs in the Night',
      'Comment by Aquila on The Harvest',
    ]);
    const row = within(rows[0]!);
    expect(row.getByRole('link', { name: 'Songs in the Night' })).toHaveAttribute('href', '/stories/7');
    expect(row.getByText('waiting 3 days')).toBeInTheDocument();
    expect(row.getByText('Comment 31 from Priscilla')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 45 pending comments')).toBeInTheDocument();
    const [get] = calls(fetchMock, 'GET', '/api/admin/comments/pending');
    expect(new URL(String(get?.[0]), 'http://localhost').searchParams.get('offset')).toBe('0');
  });

  it('approves the selected comments together', async () => {
    const { fetchMock } = renderApp(
      '/admin',
      table('admin', { 'POST /api/admin/comments/bulk': { body: { changed: 2, message: 'Approved 2 comments' } } }),
    );
    await openTab();
    const approve = screen.getByRole('button', { name: 'Approve selected' });
    expect(approve).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select comment by Priscilla on Songs in the Night' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select comment by Aquila on The Harvest' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(approve);
    expect(await screen.findByText('2 comments approved')).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/admin/comments/bulk');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ action: 'approve', ids: [31, 32] });
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/admin/comments/pending').length).toBeGreaterThan(1));
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('deletes the selected comments after a confirmation', async () => {
    const { fetchMock } = renderApp(
      '/admin',
      table('sub_admin', { 'POST /api/admin/comments/bulk': { body: { changed: 1, message: 'Deleted 1 comment' } } }),
    );
    await openTab();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select comment by Aquila on The Harvest' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete 1 comment?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 comment deleted')).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/admin/comments/bulk');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ action: 'delete', ids: [31] });
  });

  it('loads the next page and says when the decision failed', async () => {
    const { fetchMock } = renderApp(
      '/admin',
      table('sub_admin', {
        'GET /api/admin/comments/pending': (url) =>
          url.searchParams.get('offset') === '0'
            ? { body: [first], headers: { 'X-Total-Count': '2' } }
            : { body: [second], headers: { 'X-Total-Count': '2' } },
        'POST /api/admin/comments/bulk': { status: 500, body: { message: 'internal error' } },
      }),
    );
    await openTab();
    expect(screen.getByText('Showing 1 of 2 pending comments')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Comment 32 from Aquila')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 pending comments')).toBeInTheDocument();
    const offsets = calls(fetchMock, 'GET', '/api/admin/comments/pending').map(([url]) =>
      new URL(String(url), 'http://localhost').searchParams.get('offset'),
    );
    expect(offsets).toEqual(['0', '1']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select comment by Aquila on The Harvest' }));
    await userEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    expect(await screen.findByText('Failed to approve comments', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('says when nothing waits', async () => {
    renderApp(
      '/admin',
      table('sub_admin', { 'GET /api/admin/comments/pending': { body: [], headers: { 'X-Total-Count': '0' } } }),
    );
    await userEvent.click(await screen.findByRole('link', { name: /^Pending Comments/ }, { timeout: 5000 }));
    expect(await screen.findByText('No comments waiting for approval')).toBeInTheDocument();
  });

  it('is a tab of the super admin dashboard too, with its count', async () => {
    renderApp(
      '/admin',
      table('super_admin', {
        'GET /api/admin/users/pending': { body: [], headers: { 'X-Total-Count': '0' } },
        'GET /api/admin/users': { body: [] },
        'GET /api/admin/queues': {
          body: { comments: 45, newStories: 0, edits: 0, people: 0, helpOpen: 0, mailFailed: 0, socialFailed: 0 },
        },
      }),
    );
    expect(
      await screen.findByRole('link', { name: 'Pending Comments 45 waiting' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await openTab();
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeInTheDocument();
  });

  it('gives a primary contributor the queue in /admin, with its count, Approve but no Delete', async () => {
    const counts = {
      comments: 45,
      newStories: null,
      edits: null,
      people: null,
      helpOpen: null,
      mailFailed: null,
      socialFailed: null,
    };
    renderApp('/admin', table('primary_contributor', { 'GET /api/admin/queues': { body: counts } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Comment Moderation' })).toBeInTheDocument();
    expect(await screen.findByText('45 comments waiting')).toBeInTheDocument();
    await openTab({ tab: false });
    expect(screen.getByRole('button', { name: 'Approve selected' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete selected' })).not.toBeInTheDocument();
  });

  it('links a primary contributor from their dashboard to the queue', async () => {
    renderApp(
      '/contributor-dashboard',
      table('primary_contributor', {
        [`GET /api/stories/author/${sampleUser().id}`]: { body: [] },
        'GET /api/schedules': { body: [] },
      }),
    );
    expect(await screen.findByRole('link', { name: 'Pending Comments' })).toHaveAttribute(
      'href',
      '/dashboard/moderation/comments',
    );
  });

  it('shows a regular contributor no queue in /admin', async () => {
    renderApp('/admin', table('regular_contributor'));
    expect(await screen.findByText('The admin area is for administrators only.')).toBeInTheDocument();
  });
});
