import type { StoryVersionDto } from '@grace-stories/sdk/react';
import { screen, within } from '@testing-library/react';
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
  excerpt: null,
  content: '<p>At midnight they were singing.</p>',
  videoUrl: null,
  thumbnailUrl: null,
  category: 'Worship',
  authorId: 'u1',
  status: 'approved',
  isPublished: true,
  publishedAt: '2024-03-05T12:00:00Z',
  approvedBy: null,
  approvedAt: null,
  createdAt: '2024-03-01T12:00:00Z',
  updatedAt: '2024-03-05T12:00:00Z',
  author: { name: 'Ruth Moab', firstName: 'Ruth', lastName: 'Moab', profileImageUrl: null },
});

const versions: StoryVersionDto[] = [
  {
    id: 12,
    title: 'Songs in the Night',
    content: '<p>At midnight they were singing.</p>',
    excerpt: null,
    category: 'Worship',
    writtenBy: 'Ruth Moab',
    writtenAt: '2024-03-05T10:00:00Z',
    approvedBy: 'Boaz Reviewer',
    approvedAt: '2024-03-05T12:00:00Z',
  },
  {
    id: 11,
    title: 'Songs at Night',
    content: '<p>They sang <em>at night</em>.</p>',
    excerpt: 'The first try',
    category: 'Worship',
    writtenBy: null,
    writtenAt: '2024-03-01T10:00:00Z',
    approvedBy: null,
    approvedAt: null,
  },
];

const table = (user: ReturnType<typeof sampleUser> | null, extra: FetchTable = {}): FetchTable => ({
  ...signedOut,
  ...(user ? { 'GET /api/user': { body: user } } : {}),
  'GET /api/stories/7': { body: story },
  'GET /api/stories/7/comments': { body: [] },
  'GET /api/stories/7/revisions': { body: versions },
  ...extra,
});

describe('version history', () => {
  it('lets the author read every approved version with who wrote and approved it', async () => {
    renderApp('/stories/7', table(sampleUser({ id: 'u1', role: 'member', isApproved: true })));
    await userEvent.click(await screen.findByRole('button', { name: 'Version history' }));
    const list = await screen.findByRole('list', { name: 'Versions' });
    const latest = within(list).getByRole('listitem', { name: 'Version 2' });
    expect(latest).toHaveTextContent('(live now)');
    expect(latest).toHaveTextContent('Written by Ruth Moab');
    expect(latest).toHaveTextContent('approved by Boaz Reviewer');
    const first = within(list).getByRole('listitem', { name: 'Version 1' });
    expect(first).toHaveTextContent('Written by a former member');
    expect(first).toHaveTextContent('published directly by its author');
    await userEvent.click(within(first).getByText('Read this version'));
    expect(within(first).getByText('at night').tagName).toBe('EM');
    expect(within(first).getByText('Songs at Night')).toBeVisible();
  });

  it('is not offered to a reader who is neither the author nor a reviewer', async () => {
    const { fetchMock } = renderApp(
      '/stories/7',
      table(sampleUser({ id: 'someone-else', role: 'member', isApproved: true })),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Songs in the Night' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Version history' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/revisions'))).toBe(false);
  });

  it('is offered to a reviewer', async () => {
    renderApp('/stories/7', table(sampleUser({ id: 'r1', role: 'sub_admin', isApproved: true })));
    expect(await screen.findByRole('button', { name: 'Version history' })).toBeInTheDocument();
  });
});
