import type { PendingStoryDto } from '@grace-stories/sdk/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { samplePending, samplePendingEdit } from '@/test/stories';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 60_000).toISOString();

const reviewer = sampleUser({ id: 'sub-id', firstName: 'Silas', lastName: 'Reviewer', role: 'sub_admin' });
const newStory = samplePending({
  id: 11,
  title: 'New Testimony',
  excerpt: null,
  preview: 'Grace '.repeat(33).trim(),
  waitingSince: daysAgo(3),
});
const secondStory = samplePending({
  id: 13,
  title: 'Second Testimony',
  excerpt: 'A short excerpt',
  waitingSince: daysAgo(1),
});
const stagedEdit = samplePending({
  id: 12,
  kind: 'edit',
  title: 'Live Story',
  status: 'approved',
  isPublished: true,
  excerpt: 'Old excerpt',
  changedFields: ['title', 'content'],
  waitingSince: daysAgo(2),
  revision: {
    id: 1,
    title: 'Live Story, revised',
    excerpt: 'Old excerpt',
    category: 'Testimonies',
    createdAt: daysAgo(2),
  },
});
const pendingEdit = samplePendingEdit(
  {
    id: 12,
    title: 'Live Story',
    excerpt: 'Old excerpt',
    content: '<p>It began on a quiet morning.</p><p>We prayed.</p>',
  },
  { title: 'Live Story, revised', content: '<p>It began on a bright morning.</p>\n<p>We prayed <b>together</b>.</p>' },
);

/** A queue answering by `kind`, `limit` and `offset`, with the total in `X-Total-Count`. */
function queues(stories: PendingStoryDto[], edits: PendingStoryDto[]) {
  return (url: URL) => {
    const list = url.searchParams.get('kind') === 'edit' ? edits : stories;
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    return { body: list.slice(offset, offset + limit), headers: { 'X-Total-Count': String(list.length) } };
  };
}

const counts = {
  comments: 4,
  newStories: 2,
  edits: 1,
  people: null,
  helpOpen: null,
  mailFailed: null,
  socialFailed: null,
};

const table = (extra: FetchTable = {}): FetchTable => ({
  ...signedOut,
  'GET /api/user': { body: reviewer },
  'GET /api/admin/queues': { body: counts },
  'GET /api/admin/stories/pending': queues([newStory, secondStory], [stagedEdit]),
  'GET /api/admin/comments/pending': { body: [], headers: { 'X-Total-Count': '0' } },
  'GET /api/stories/12/pending-edit': { body: pendingEdit },
  ...extra,
});

function calls(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
}

function queueRequests(fetchMock: ReturnType<typeof vi.fn>) {
  return calls(fetchMock, 'GET', '/api/admin/stories/pending').map(([url]) => {
    const params = new URL(String(url), 'http://localhost').searchParams;
    return `${params.get('kind')} ${params.get('limit')}/${params.get('offset')}`;
  });
}

async function storiesQueue() {
  return within(await screen.findByRole('list', { name: 'Pending stories' }, { timeout: 5000 }));
}

async function editsQueue() {
  await userEvent.click(await screen.findByRole('link', { name: /^Edits/ }, { timeout: 5000 }));
  return within(await screen.findByRole('list', { name: 'Edits waiting for review' }));
}

async function openCompare() {
  const queue = await editsQueue();
  await userEvent.click(
    within(queue.getByRole('listitem', { name: 'Live Story' })).getByRole('button', { name: /^Compare/ }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Compare edit' });
  await within(dialog).findByRole('heading', { name: 'Content' });
  return within(dialog);
}

describe('sub admin dashboard', () => {
  it('shows the badge, the cards and the sections with their counts', async () => {
    renderApp('/dashboard', table());
    expect(await screen.findByRole('heading', { level: 1, name: 'Sub Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Sub Admin', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Overview' }));
    await waitFor(() =>
      expect(cards.getByText('Pending Stories').closest('li')).toHaveTextContent('2Waiting for review, and 1 edit'),
    );
    expect(cards.getByText('Content Management').closest('li')).toHaveTextContent('Active');
    const nav = within(screen.getByRole('navigation', { name: 'Admin sections' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Pending Stories 22 waiting',
      'Edits 11 waiting',
      'Pending Comments 44 waiting',
      'Content Management',
      'Profile Settings',
      'Security',
      'API Tokens',
      'Subscription',
    ]);
    expect(screen.getByRole('link', { name: 'Edits 1 waiting' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Content Management' }));
    for (const label of ['Access Story Editor', 'Manage Social Media Posts', 'View Analytics']) {
      expect(await screen.findByRole('button', { name: label })).toBeInTheDocument();
    }
  });

  it('lists new stories oldest first with the author, the category, the wait and a Read link', async () => {
    const { fetchMock, location } = renderApp('/dashboard', table());
    const queue = await storiesQueue();
    expect(queue.getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))).toEqual([
      'New Testimony',
      'Second Testimony',
    ]);
    const row = within(queue.getByRole('listitem', { name: 'New Testimony' }));
    // Without an excerpt, the first 150 characters of the text.
    expect(row.getByText(`${'Grace '.repeat(25)}...`)).toBeInTheDocument();
    expect(row.getByText('By Ruth Moab')).toBeInTheDocument();
    expect(row.getByText('Testimonies')).toBeInTheDocument();
    expect(row.getByText('waiting 3 days')).toBeInTheDocument();
    // Focusable but inert (aria-disabled), so a keyboard reaches the tooltip that says why.
    expect(row.getByRole('button', { name: 'Edit' })).toHaveAttribute('aria-disabled', 'true');
    expect(
      within(queue.getByRole('listitem', { name: 'Second Testimony' })).getByText('waiting 1 day'),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 pending stories')).toBeInTheDocument();
    expect(queueRequests(fetchMock)).toEqual(['new 20/0']);

    const read = row.getByRole('link', { name: /^Read.*New Testimony/ });
    expect(read).toHaveAttribute('href', '/stories/11');
    await userEvent.click(read);
    expect(location.history.at(-1)).toBe('/stories/11');
  });

  it('pages the new stories: Show more asks for the next page', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      samplePending({ id: 100 + i, title: `Waiting Story ${i}`, waitingSince: daysAgo(30 - i) }),
    );
    const { fetchMock } = renderApp('/dashboard', table({ 'GET /api/admin/stories/pending': queues(many, []) }));
    const queue = await storiesQueue();
    expect(queue.getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 25 pending stories')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Showing 25 of 25 pending stories')).toBeInTheDocument();
    expect(queue.getAllByRole('listitem')).toHaveLength(25);
    expect(queueRequests(fetchMock)).toEqual(['new 20/0', 'new 20/20']);
  });

  it('lists edits in their own tab, asking for kind=edit, with what changed and only Compare', async () => {
    const { fetchMock } = renderApp('/dashboard', table());
    const queue = await editsQueue();
    const row = within(queue.getByRole('listitem', { name: 'Live Story' }));
    expect(row.getByText('Edit by Ruth Moab')).toBeInTheDocument();
    expect(row.getByText('waiting 2 days')).toBeInTheDocument();
    expect(row.getByText('Title, Content')).toBeInTheDocument();
    expect(row.getByText('New title: “Live Story, revised”')).toBeInTheDocument();
    expect(row.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Compare the edit of “Live Story”',
    ]);
    expect(screen.getByText('Showing 1 of 1 edits')).toBeInTheDocument();
    expect(queueRequests(fetchMock)).toEqual(['new 20/0', 'edit 20/0']);
  });

  it('approves a story', async () => {
    const { fetchMock } = renderApp('/dashboard', table({ 'POST /api/admin/stories/11/approve': { body: newStory } }));
    const queue = await storiesQueue();
    await userEvent.click(
      within(queue.getByRole('listitem', { name: 'New Testimony' })).getByRole('button', { name: 'Approve' }),
    );
    expect(await screen.findByText('Story approved successfully')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/admin/stories/11/approve')).toHaveLength(1);
    // The queue and its counts are asked again.
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/admin/stories/pending').length).toBeGreaterThan(1));
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/admin/queues').length).toBeGreaterThan(1));
  });

  it('rejects with the reason typed in the dialog', async () => {
    const { fetchMock } = renderApp('/dashboard', table({ 'POST /api/admin/stories/11/reject': { body: newStory } }));
    const queue = await storiesQueue();
    await userEvent.click(
      within(queue.getByRole('listitem', { name: 'New Testimony' })).getByRole('button', { name: 'Reject' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject story' }));
    await userEvent.type(dialog.getByLabelText('Reason (optional)'), 'Please add a Bible reference');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject Story' }));
    expect(await screen.findByText('Story rejected')).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/admin/stories/11/reject');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Please add a Bible reference' });
  });

  it('deletes a new story only after a confirmation that says the whole story goes', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      table({ 'DELETE /api/admin/stories/11': { status: 500, body: { message: 'internal error' } } }),
    );
    const queue = await storiesQueue();
    await userEvent.click(
      within(queue.getByRole('listitem', { name: 'New Testimony' })).getByRole('button', { name: 'Delete' }),
    );
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete “New Testimony”?' }));
    expect(dialog.getByText(/The whole story goes, with its comments/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete story', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/admin/stories/11').length).toBeGreaterThan(0);
  });
});

describe('Compare edit', () => {
  it('shows the added and removed words of the title and the text, never the HTML', async () => {
    renderApp('/dashboard', table());
    const dialog = await openCompare();
    expect(dialog.getByText(/What Ruth Moab wants to change in “Live Story”/)).toBeInTheDocument();
    const added = dialog.getAllByRole('insertion').map((mark) => mark.textContent?.trim());
    const removed = dialog.getAllByRole('deletion').map((mark) => mark.textContent?.trim());
    // The first two are the legend's examples.
    expect(removed.slice(1)).toEqual(['removed: quiet']);
    expect(added.slice(1)).toEqual(['added: , revised', 'added: bright', 'added: together']);
    const content = dialog.getByRole('region', { name: 'Content' });
    expect(content).toHaveTextContent('It began on a removed: quiet added: bright morning. We prayed added: together.');
    expect(content.innerHTML).not.toContain('&lt;');
    expect(within(dialog.getByRole('region', { name: 'Excerpt' })).getByText('Unchanged')).toBeInTheDocument();
  });

  it('approves the edit from the comparison', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      table({ 'POST /api/admin/stories/12/approve': { body: pendingEdit.live } }),
    );
    const dialog = await openCompare();
    await userEvent.click(dialog.getByRole('button', { name: 'Approve edit' }));
    expect(await screen.findByText('Edit approved')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/admin/stories/12/approve')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Compare edit' })).not.toBeInTheDocument());
  });

  it('rejects only the edit, saying the live story stays, with the reason', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      table({ 'POST /api/admin/stories/12/reject': { body: pendingEdit.live } }),
    );
    const compare = await openCompare();
    await userEvent.click(compare.getByRole('button', { name: 'Reject edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject edit' }));
    expect(dialog.getByText(/The live story stays; only this edit is discarded\./)).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('Reason (optional)'), 'Keep the original title');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject Edit' }));
    expect(await screen.findByText('Edit rejected')).toBeInTheDocument();
    expect(screen.getByText('The live story stays as it was.')).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/admin/stories/12/reject');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Keep the original title' });
    expect(calls(fetchMock, 'DELETE', '/api/admin/stories/12')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Compare edit' })).not.toBeInTheDocument());
  });

  it('says when the edit is no longer waiting, and refreshes the queue', async () => {
    const { fetchMock } = renderApp(
      '/dashboard',
      table({ 'GET /api/stories/12/pending-edit': { status: 404, body: { message: 'No edit waits' } } }),
    );
    const queue = await editsQueue();
    await userEvent.click(
      within(queue.getByRole('listitem', { name: 'Live Story' })).getByRole('button', { name: /^Compare/ }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Compare edit' }));
    expect(await dialog.findByText(/This edit is no longer waiting/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Approve edit' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Reject edit' })).toBeDisabled();
    await waitFor(() => expect(queueRequests(fetchMock).filter((r) => r.startsWith('edit'))).toHaveLength(2));
  });
});

describe('super admin Pending Stories and Edits', () => {
  it('counts both queues and reviews new stories in their tab', async () => {
    const admin = sampleUser({ id: 'admin-id', role: 'super_admin' });
    renderApp(
      '/dashboard',
      table({
        'GET /api/user': { body: admin },
        'GET /api/admin/queues': {
          body: { ...counts, newStories: 7, people: 0, helpOpen: 0, mailFailed: 0, socialFailed: 0 },
        },
        'GET /api/admin/users/pending': { body: [], headers: { 'X-Total-Count': '0' } },
        'GET /api/admin/users': { body: [admin] },
      }),
    );
    const stats = within(await screen.findByRole('list', { name: 'Overview' }));
    // The stat is the server's count, not the length of a page.
    await waitFor(() => expect(stats.getByText('Pending Stories').closest('li')).toHaveTextContent('7'));
    expect(screen.getByRole('link', { name: 'Edits 1 waiting' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Pending Stories 7 waiting' }));
    const item = within((await storiesQueue()).getByRole('listitem', { name: 'New Testimony' }));
    expect(item.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(item.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(item.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(item.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
