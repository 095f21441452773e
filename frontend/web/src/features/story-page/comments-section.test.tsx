import type { CommentDto, RoleDto } from '@grace-stories/sdk/react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleStory } from '@/test/stories';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const story = sampleStory({
  id: 7,
  title: 'Songs in the Night',
  excerpt: null,
  content: '<p>At midnight.</p>',
  videoUrl: null,
  thumbnailUrl: null,
  category: 'Worship',
  authorId: 'u1',
  status: 'approved',
  isPublished: true,
  publishedAt: '2024-03-05T12:00:00Z',
  createdAt: '2024-03-01T12:00:00Z',
  updatedAt: '2024-03-05T12:00:00Z',
  author: { name: 'Ruth Moab', firstName: 'Ruth', lastName: 'Moab', profileImageUrl: null },
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const comment = (id: number, authorName: string, extra: Partial<CommentDto> = {}): CommentDto => ({
  id,
  storyId: 7,
  authorName,
  authorEmail: null,
  content: `Words from ${authorName}`,
  platform: 'website',
  platformId: null,
  isVisible: true,
  isApproved: true,
  createdAt: minutesAgo(3),
  ...extra,
});

const approved = comment(1, 'lydia');
const pending = comment(2, 'Priscilla', { isApproved: false, createdAt: minutesAgo(120) });
const fromTwitter = comment(3, 'Aquila', { platform: 'twitter' });

const table = (extra: FetchTable = {}, role?: RoleDto): FetchTable => ({
  ...signedOut,
  ...(role ? { 'GET /api/user': { body: sampleUser({ role }) } } : {}),
  'GET /api/stories/7': { body: story },
  'GET /api/stories/7/comments': { body: [approved, fromTwitter] },
  ...extra,
});

function calls(fetchMock: ReturnType<typeof vi.fn>, method: string, path: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  );
}

describe('comments under a story', () => {
  it('lists the comments with initial, age and platform badge', async () => {
    const { fetchMock } = renderApp('/stories/7', table());
    const item = await screen.findByRole('listitem', { name: 'Comment by lydia' });
    expect(within(item).getByText('L')).toBeInTheDocument();
    expect(within(item).getByText('3 minutes ago')).toBeInTheDocument();
    expect(within(item).getByText('Words from lydia')).toBeInTheDocument();
    expect(within(item).queryByText('Website')).not.toBeInTheDocument();
    const other = screen.getByRole('listitem', { name: 'Comment by Aquila' });
    expect(within(other).getByText('Twitter')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (2)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    const [list] = calls(fetchMock, 'GET', '/api/stories/7/comments');
    expect(new URL(String(list?.[0]), 'http://localhost').searchParams.get('limit')).toBe('10');
  });

  it('says when there are no comments yet', async () => {
    renderApp('/stories/7', table({ 'GET /api/stories/7/comments': { body: [] } }));
    expect(await screen.findByText('No comments yet. Be the first to share your thoughts!')).toBeInTheDocument();
  });

  it('lets a primary contributor approve a pending comment', async () => {
    const { fetchMock } = renderApp(
      '/stories/7',
      table(
        {
          'GET /api/stories/7/comments': { body: [pending, approved] },
          'PATCH /api/comments/2/approve': { body: { ...pending, isApproved: true } },
        },
        'primary_contributor',
      ),
    );
    const item = await screen.findByRole('listitem', { name: 'Comment by Priscilla' });
    expect(within(item).getByText('Pending Approval')).toBeInTheDocument();
    expect(within(item).getByText('2 hours ago')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete comment/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Approve comment/ })).toHaveLength(1);
    const listsBefore = calls(fetchMock, 'GET', '/api/stories/7/comments').length;
    await userEvent.click(within(item).getByRole('button', { name: 'Approve comment by Priscilla' }));
    expect(await screen.findByText('Comment approved')).toBeInTheDocument();
    expect(screen.getByText('Comment has been approved and is now visible.')).toBeInTheDocument();
    expect(calls(fetchMock, 'PATCH', '/api/comments/2/approve')).toHaveLength(1);
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/stories/7/comments').length).toBeGreaterThan(listsBefore));
  });

  it('shows no approve controls to a primary contributor still waiting for approval', async () => {
    renderApp('/stories/7', {
      ...table({ 'GET /api/stories/7/comments': { body: [pending, approved] } }),
      'GET /api/user': { body: sampleUser({ role: 'primary_contributor', isApproved: false }) },
    });
    await screen.findByRole('listitem', { name: 'Comment by lydia' });
    // The server refuses their approvals (403 pending approval): the page follows its abilities.
    expect(screen.queryByRole('button', { name: /Approve comment/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete comment/ })).not.toBeInTheDocument();
  });

  it('says when approving fails', async () => {
    renderApp(
      '/stories/7',
      table(
        {
          'GET /api/stories/7/comments': { body: [pending] },
          'PATCH /api/comments/2/approve': { status: 403, body: { message: 'Forbidden' } },
        },
        'admin',
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Approve comment by Priscilla' }));
    expect(await screen.findByText('Failed to approve comment.')).toBeInTheDocument();
  });

  it('lets an admin delete a comment after confirming', async () => {
    const { fetchMock } = renderApp(
      '/stories/7',
      table({ 'DELETE /api/admin/comments/1': { body: { message: 'Deleted' } } }, 'sub_admin'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete comment by lydia' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock, 'DELETE', '/api/admin/comments/1')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete comment by lydia' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Comment deleted')).toBeInTheDocument();
    expect(screen.getByText('Comment has been successfully deleted.')).toBeInTheDocument();
    expect(calls(fetchMock, 'DELETE', '/api/admin/comments/1')).toHaveLength(1);
  });

  it('says when deleting fails', async () => {
    renderApp(
      '/stories/7',
      table({ 'DELETE /api/admin/comments/1': { status: 500, body: { message: 'x' } } }, 'super_admin'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Delete comment by lydia' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete comment.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('comment form', () => {
  it('requires a name and a comment', async () => {
    const { fetchMock } = renderApp('/stories/7', table());
    await userEvent.type(await screen.findByLabelText('Name *'), '   ');
    await userEvent.type(screen.getByLabelText('Comment *'), 'Amen');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Comment' }));
    expect(await screen.findByText('Please fill in all required fields.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByLabelText('Name *')).toHaveAttribute('aria-invalid', 'true');
    expect(calls(fetchMock, 'POST', '/api/stories/7/comments')).toHaveLength(0);
  });

  it('submits a comment for review, clears the form and refreshes the list', async () => {
    const { fetchMock } = renderApp(
      '/stories/7',
      table({ 'POST /api/stories/7/comments': { status: 201, body: comment(9, 'Phoebe', { isApproved: false }) } }),
    );
    expect(screen.queryByLabelText('Website')).not.toBeInTheDocument();
    const content = await screen.findByLabelText('Comment *');
    expect(content).toHaveAttribute('rows', '4');
    await userEvent.type(screen.getByLabelText('Name *'), ' Phoebe ');
    await userEvent.type(content, 'This blessed me.');
    const listsBefore = calls(fetchMock, 'GET', '/api/stories/7/comments').length;
    await userEvent.click(screen.getByRole('button', { name: 'Submit Comment' }));

    expect(await screen.findByText('Comment submitted')).toBeInTheDocument();
    expect(screen.getByText('Your comment has been submitted for review.')).toBeInTheDocument();
    const [post] = calls(fetchMock, 'POST', '/api/stories/7/comments');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      authorName: 'Phoebe',
      authorEmail: null,
      content: 'This blessed me.',
    });
    expect(screen.getByLabelText('Name *')).toHaveValue('');
    expect(screen.getByLabelText('Comment *')).toHaveValue('');
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/stories/7/comments').length).toBeGreaterThan(listsBefore));
  });

  it('sends the optional e-mail when given', async () => {
    const { fetchMock } = renderApp(
      '/stories/7',
      table({ 'POST /api/stories/7/comments': { status: 201, body: comment(9, 'Phoebe', { isApproved: false }) } }),
    );
    await userEvent.type(await screen.findByLabelText('Name *'), 'Phoebe');
    await userEvent.type(screen.getByLabelText('Email (optional)'), 'phoebe@example.org');
    await userEvent.type(screen.getByLabelText('Comment *'), 'Amen');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Comment' }));
    await screen.findByText('Comment submitted');
    const [post] = calls(fetchMock, 'POST', '/api/stories/7/comments');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ authorEmail: 'phoebe@example.org' });
  });

  it("checks an optional e-mail on the client with the server's message", async () => {
    const { fetchMock } = renderApp('/stories/7', table());
    await userEvent.type(await screen.findByLabelText('Name *'), 'Phoebe');
    await userEvent.type(screen.getByLabelText('Email (optional)'), 'phoebe@');
    await userEvent.type(screen.getByLabelText('Comment *'), 'Amen');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Comment' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Please fill in all required fields.')).not.toBeInTheDocument();
    expect(calls(fetchMock, 'POST', '/api/stories/7/comments')).toHaveLength(0);
  });

  it("shows the server's field errors under the fields as well as the failure toast", async () => {
    renderApp(
      '/stories/7',
      table({
        'POST /api/stories/7/comments': {
          status: 400,
          body: {
            message: 'Please enter a valid email address',
            errors: [{ field: 'authorEmail', message: 'Please enter a valid email address' }],
          },
        },
      }),
    );
    await userEvent.type(await screen.findByLabelText('Name *'), 'Phoebe');
    await userEvent.type(screen.getByLabelText('Email (optional)'), 'phoebe@example.org');
    await userEvent.type(screen.getByLabelText('Comment *'), 'Amen');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Comment' }));
    expect(await screen.findByText('Failed to submit comment. Please try again.')).toBeInTheDocument();
    const email = screen.getByLabelText('Email (optional)');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
  });

  it('says when the comment cannot be submitted', async () => {
    renderApp('/stories/7', table({ 'POST /api/stories/7/comments': { status: 400, body: { message: 'Refused' } } }));
    await userEvent.type(await screen.findByLabelText('Name *'), 'Phoebe');
    await userEvent.type(screen.getByLabelText('Comment *'), 'Amen');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Comment' }));
    expect(await screen.findByText('Failed to submit comment. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name *')).toHaveValue('Phoebe');
  });
});

describe('comments past the tenth', () => {
  const many = Array.from({ length: 23 }, (_, i) => comment(100 - i, `Reader ${i + 1}`));
  const paged: FetchTable = table({
    'GET /api/stories/7/comments': (url) => {
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return { body: many.slice(offset, offset + limit), headers: { 'X-Total-Count': String(many.length) } };
    },
  });

  it('shows the newest ten with the count, and loads older ones ten at a time', async () => {
    const { fetchMock } = renderApp('/stories/7', paged);
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('heading', { name: 'Comments (23)' })).toBeInTheDocument();
    expect(screen.getByText('Showing 10 of 23 comments')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show older comments' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
    expect(within(list).getAllByRole('listitem')[10]).toHaveAccessibleName('Comment by Reader 11');

    await userEvent.click(screen.getByRole('button', { name: 'Show older comments' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(23));
    expect(screen.queryByRole('button', { name: 'Show older comments' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing \d+ of/)).not.toBeInTheDocument();

    const offsets = calls(fetchMock, 'GET', '/api/stories/7/comments').map(([url]) =>
      new URL(String(url), 'http://localhost').searchParams.get('offset'),
    );
    expect(offsets).toEqual(['0', '10', '20']);
  });

  it('offers no older comments when all fit on one page', async () => {
    renderApp('/stories/7', table());
    await screen.findByRole('heading', { name: 'Comments (2)' });
    expect(screen.queryByRole('button', { name: 'Show older comments' })).not.toBeInTheDocument();
  });
});
