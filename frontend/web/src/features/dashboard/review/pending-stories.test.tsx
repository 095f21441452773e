import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { samplePending } from '@/test/stories';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const reviewer = sampleUser({ id: 'sub-id', firstName: 'Silas', lastName: 'Reviewer', role: 'sub_admin' });
const longContent = `<p>${'Grace '.repeat(40)}</p>`;
const newStory = samplePending({ id: 11, title: 'New Testimony', excerpt: null, content: longContent });
const stagedEdit = samplePending({
  id: 12,
  title: 'Live Story',
  status: 'approved',
  isPublished: true,
  excerpt: 'Old excerpt',
  content: '<p>Old text</p>',
  changedFields: ['title', 'content'],
  revision: {
    id: 1,
    title: 'Live Story, revised',
    excerpt: 'Old excerpt',
    content: '<p>New text</p>',
    category: 'Testimonies',
    videoUrl: null,
    thumbnailUrl: null,
    createdAt: '2024-04-01T00:00:00Z',
  },
});

const table = (extra: FetchTable = {}): FetchTable => ({
  ...signedOut,
  'GET /api/user': { body: reviewer },
  'GET /api/admin/stories/pending': { body: [newStory, stagedEdit] },
  ...extra,
});

function calls(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
}

describe('sub admin dashboard', () => {
  it('links each queued title to the story page, so a reviewer can read it first', async () => {
    const { location } = renderApp('/dashboard', table());
    const row = await screen.findByRole('listitem', { name: 'New Testimony' });
    const link = within(row).getByRole('link', { name: 'New Testimony' });
    expect(link).toHaveAttribute('href', '/stories/11');
    expect(within(screen.getByRole('listitem', { name: 'Live Story' })).getByRole('link', { name: 'Live Story' })).toHaveAttribute(
      'href',
      '/stories/12',
    );
    await userEvent.click(link);
    expect(location.history.at(-1)).toBe('/stories/11');
  });

  it('shows the badge, the cards and the tabs', async () => {
    renderApp('/dashboard', table());
    expect(await screen.findByRole('heading', { level: 1, name: 'Sub Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Sub Admin', { selector: '[data-slot="badge"]' })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Overview' }));
    await waitFor(() => expect(cards.getByText('Pending Stories').closest('li')).toHaveTextContent('2'));
    expect(cards.getByText('Content Management').closest('li')).toHaveTextContent('Active');
    await userEvent.click(screen.getByRole('tab', { name: 'Content Management' }));
    for (const label of ['Access Story Editor', 'Manage Social Media Posts', 'View Analytics']) {
      expect(await screen.findByRole('button', { name: label })).toBeInTheDocument();
    }
  });

  it('lists new stories with the content fallback and staged edits with what changed', async () => {
    renderApp('/dashboard', table());
    const queue = within(await screen.findByRole('list', { name: 'Pending stories' }));
    const fresh = within(queue.getByRole('listitem', { name: 'New Testimony' }));
    expect(fresh.getByText(`${'Grace '.repeat(25)}...`)).toBeInTheDocument();
    expect(fresh.getByText('By Ruth Moab')).toBeInTheDocument();
    expect(fresh.queryByText('Edit of a live story')).not.toBeInTheDocument();
    expect(fresh.getByRole('button', { name: 'Edit' })).toBeDisabled();

    const edit = within(queue.getByRole('listitem', { name: 'Live Story' }));
    expect(edit.getByText('Edit of a live story')).toBeInTheDocument();
    expect(edit.getByText(/Title, Content/)).toBeInTheDocument();
    expect(edit.getByText('Live Story, revised')).toBeInTheDocument();
    expect(edit.getByText('Old text')).toBeInTheDocument();
    expect(edit.getByText('New text')).toBeInTheDocument();
  });

  it('approves a story', async () => {
    const { fetchMock } = renderApp('/dashboard', table({ 'POST /api/admin/stories/11/approve': { body: newStory } }));
    const queue = within(await screen.findByRole('list', { name: 'Pending stories' }));
    await userEvent.click(within(queue.getByRole('listitem', { name: 'New Testimony' })).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Story approved successfully')).toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/admin/stories/11/approve')).toHaveLength(1);
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/admin/stories/pending').length).toBeGreaterThan(1));
  });

  it('rejects with the reason typed in the dialog', async () => {
    const { fetchMock } = renderApp('/dashboard', table({ 'POST /api/admin/stories/11/reject': { body: newStory } }));
    const queue = within(await screen.findByRole('list', { name: 'Pending stories' }));
    await userEvent.click(within(queue.getByRole('listitem', { name: 'New Testimony' })).getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject story' }));
    await userEvent.type(dialog.getByLabelText('Reason (optional)'), 'Please add a Bible reference');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject Story' }));
    expect(await screen.findByText('Story rejected')).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/admin/stories/11/reject');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Please add a Bible reference' });
  });

  it('offers Reject edit, not Delete, on an edit of a live story, and says the live story stays', async () => {
    const { fetchMock } = renderApp('/dashboard', table({ 'POST /api/admin/stories/12/reject': { body: stagedEdit } }));
    const queue = within(await screen.findByRole('list', { name: 'Pending stories' }));
    const row = within(queue.getByRole('listitem', { name: 'Live Story' }));
    expect(row.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    await userEvent.click(row.getByRole('button', { name: 'Reject edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject edit' }));
    expect(dialog.getByText(/The live story stays; only this edit is discarded\./)).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('Reason (optional)'), 'Keep the original title');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject Edit' }));
    expect(await screen.findByText('Edit rejected')).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/admin/stories/12/reject');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Keep the original title' });
    expect(calls(fetchMock, 'DELETE', '/api/admin/stories/12')).toHaveLength(0);
  });

  it('says Failed to delete story when the delete fails', async () => {
    renderApp('/dashboard', table({ 'DELETE /api/admin/stories/11': { status: 500, body: { message: 'internal error' } } }));
    const queue = within(await screen.findByRole('list', { name: 'Pending stories' }));
    await userEvent.click(within(queue.getByRole('listitem', { name: 'New Testimony' })).getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete story', {}, { timeout: 4000 })).toBeInTheDocument();
  });
});

describe('super admin Pending Stories', () => {
  it('counts the queue and reviews it in its tab', async () => {
    const admin = sampleUser({ id: 'admin-id', role: 'super_admin' });
    renderApp(
      '/dashboard',
      table({
        'GET /api/user': { body: admin },
        'GET /api/admin/users/pending': { body: [] },
        'GET /api/admin/users': { body: [admin] },
      }),
    );
    const stats = within(await screen.findByRole('list', { name: 'Overview' }));
    await waitFor(() => expect(stats.getByText('Pending Stories').closest('li')).toHaveTextContent('2'));
    await userEvent.click(screen.getByRole('tab', { name: 'Pending Stories' }));
    const queue = within(await screen.findByRole('list', { name: 'Pending stories' }));
    const item = within(queue.getByRole('listitem', { name: 'New Testimony' }));
    expect(item.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(item.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(item.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(item.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
