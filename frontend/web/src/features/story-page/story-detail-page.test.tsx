import { screen, within } from '@testing-library/react';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleStory } from '@/test/stories';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const story = sampleStory({
  id: 7,
  title: 'Songs in the Night',
  excerpt: 'What Paul and Silas teach us about praise.',
  content: '<p>At midnight they were <em>singing</em>.</p>',
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

const table = (extra: FetchTable = {}): FetchTable => ({
  ...signedOut,
  'GET /api/stories/7': { body: story },
  'GET /api/stories/7/comments': { body: [] },
  ...extra,
});

describe('story detail', () => {
  it('shows the story with its HTML content', async () => {
    renderApp('/stories/7', table());
    expect(await screen.findByRole('heading', { level: 1, name: 'Songs in the Night' })).toBeInTheDocument();
    expect(screen.getByText('What Paul and Silas teach us about praise.')).toBeInTheDocument();
    expect(screen.getByText('singing').tagName).toBe('EM');
    expect(screen.getByText('Text Story')).toBeInTheDocument();
    expect(screen.getByText('Worship')).toHaveClass('bg-violet-100');
    expect(screen.getByText('Ruth Moab')).toBeInTheDocument();
    expect(screen.getByText('RM')).toBeInTheDocument();
    expect(screen.getByText('Mar 5, 2024')).toBeInTheDocument();
    expect(screen.getByText('1 min read')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Stories' })).toHaveAttribute('href', '/');
    expect(screen.queryByTitle(/Video/)).not.toBeInTheDocument();
  });

  it('shows the reading time the server counted', async () => {
    renderApp('/stories/7', table({ 'GET /api/stories/7': { body: { ...story, readingMinutes: 4 } } }));
    expect(await screen.findByText('4 min read')).toBeInTheDocument();
  });

  it('falls back to the created date when there is no published date', async () => {
    renderApp('/stories/7', table({ 'GET /api/stories/7': { body: { ...story, publishedAt: null } } }));
    expect(await screen.findByText('Mar 1, 2024')).toBeInTheDocument();
  });

  it('embeds the video of a video story', async () => {
    const videoUrl = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
    renderApp('/stories/7', table({ 'GET /api/stories/7': { body: { ...story, videoUrl } } }));
    const frame = await screen.findByTitle('Video: Songs in the Night');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', videoUrl);
    expect(frame.getAttribute('allow')).toContain('fullscreen');
    expect(frame).not.toHaveAttribute('allowfullscreen');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(screen.getByText('Video Story')).toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    renderApp('/stories/7', { ...signedOut, 'GET /api/stories/7': 'pending' });
    expect(await screen.findByLabelText('Loading story')).toBeInTheDocument();
  });

  it.each(['/stories/99', '/stories/not-a-number'])('shows Story Not Found for %s', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Story Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The story you're looking for doesn't exist or has been removed.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('shows Story Not Found when the story cannot be loaded', async () => {
    renderApp('/stories/7', table({ 'GET /api/stories/7': { status: 400, body: { message: 'Bad id' } } }));
    expect(await screen.findByRole('heading', { name: 'Story Not Found' })).toBeInTheDocument();
  });

  it('has the Share this story block with the labelled share buttons', async () => {
    renderApp('/stories/7', table());
    const block = (await screen.findByRole('heading', { name: 'Share this story' })).closest('section')!;
    expect(within(block).getByText('Help others discover this inspiring content')).toBeInTheDocument();
    const labels = within(block)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(labels).toEqual(['Twitter', 'LinkedIn', 'Instagram', 'Copy Link']);
  });
});

describe('a story that is not public, opened by its author or a moderator', () => {
  it.each([
    [{ status: 'draft', isPublished: false }, 'Draft — only you and moderators can see this'],
    [{ status: 'pending_approval', isPublished: false }, 'Waiting for review'],
    [
      { status: 'rejected', isPublished: false, rejectionReason: 'Please add a Bible reference' },
      'Not published: Please add a Bible reference',
    ],
    [{ status: 'rejected', isPublished: false, rejectionReason: null }, 'Not published'],
  ])('%o shows "%s" and no comment form', async (state, banner) => {
    const { fetchMock } = renderApp('/stories/7', table({ 'GET /api/stories/7': { body: { ...story, ...state } } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Songs in the Night' })).toBeInTheDocument();
    expect(screen.getByText(banner, { exact: true }).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText('Comments open once the story is published.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Submit Comment/i })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Name/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Share this story' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/comments'))).toBe(false);
  });

  it('shows no banner on a public story, and the comment form', async () => {
    renderApp('/stories/7', table());
    expect(await screen.findByRole('heading', { level: 1, name: 'Songs in the Night' })).toBeInTheDocument();
    expect(screen.queryByText(/only you and moderators/)).not.toBeInTheDocument();
    expect(screen.queryByText('Waiting for review')).not.toBeInTheDocument();
    expect(await screen.findByLabelText(/Name/)).toBeInTheDocument();
  });
});
