import type { RoleDto } from '@grace-stories/sdk/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleStory } from '@/test/stories';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const story = sampleStory({
  id: 7,
  title: 'Songs in the Night',
  excerpt: 'What Paul and Silas teach us about praise.',
  content: '<p>At midnight they were singing.</p>',
  videoUrl: null,
  thumbnailUrl: null,
  category: 'Worship',
  authorId: 'someone-else',
  status: 'approved',
  isPublished: true,
  publishedAt: '2024-03-05T12:00:00Z',
  approvedBy: null,
  approvedAt: null,
  createdAt: '2024-03-01T12:00:00Z',
  updatedAt: '2024-03-05T12:00:00Z',
  author: { name: 'Ruth Moab', firstName: 'Ruth', lastName: 'Moab', profileImageUrl: null },
});

const as = (role: RoleDto, extra: FetchTable = {}): FetchTable => ({
  ...signedOut,
  'GET /api/user': { body: sampleUser({ role }) },
  'GET /api/stories/7': { body: story },
  'GET /api/stories/7/comments': { body: [], headers: { 'X-Total-Count': '0' } },
  ...extra,
});

describe('the moderator menu on a story', () => {
  it.each<RoleDto>(['admin', 'sub_admin', 'super_admin'])('is offered to %s on a live story', async (role) => {
    renderApp('/stories/7', as(role));
    expect(await screen.findByRole('button', { name: 'Moderate' })).toBeInTheDocument();
  });

  it.each<RoleDto>(['member', 'primary_contributor', 'regular_contributor'])('is not offered to %s', async (role) => {
    renderApp('/stories/7', as(role));
    expect(await screen.findByRole('heading', { level: 1, name: 'Songs in the Night' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Moderate' })).not.toBeInTheDocument();
  });

  it('is not offered on a story that is not live', async () => {
    renderApp(
      '/stories/7',
      as('admin', { 'GET /api/stories/7': { body: { ...story, status: 'pending_approval', isPublished: false } } }),
    );
    expect(await screen.findByText('Waiting for review')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Moderate' })).not.toBeInTheDocument();
  });

  it('unpublishes with a required reason, then shows the not-published banner', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderApp(
      '/stories/7',
      as('sub_admin', {
        'POST /api/admin/stories/7/unpublish': {
          body: { ...story, status: 'rejected', isPublished: false, rejectionReason: 'Copied from a blog' },
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Moderate' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpublish “Songs in the Night”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/unpublish'))).toBe(false);

    await user.type(within(dialog).getByLabelText('Reason *'), 'Copied from a blog');
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Story unpublished')).toBeInTheDocument();
    expect(await screen.findByText('Not published: Copied from a blog')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Moderate' })).not.toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/admin/stories/7/unpublish'))!;
    expect(call[1]?.method).toBe('POST');
    expect(JSON.parse(String(call[1]?.body))).toEqual({ reason: 'Copied from a blog' });
  });

  it('shows the server message when unpublishing is refused', async () => {
    const user = userEvent.setup();
    renderApp(
      '/stories/7',
      as('admin', {
        'POST /api/admin/stories/7/unpublish': { status: 409, body: { message: 'The story is not live' } },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Moderate' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unpublish' }));
    await user.type(await screen.findByLabelText('Reason *'), 'Spam');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText('Failed to unpublish story. 409: The story is not live')).toBeInTheDocument();
  });

  it('deletes after a confirmation and goes Home', async () => {
    const user = userEvent.setup();
    const { fetchMock, location } = renderApp(
      '/stories/7',
      as('super_admin', { 'DELETE /api/admin/stories/7': { body: { message: 'Story deleted' } } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Moderate' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete “Songs in the Night”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(await screen.findByText('Story deleted successfully')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith('/api/admin/stories/7') && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });
});
