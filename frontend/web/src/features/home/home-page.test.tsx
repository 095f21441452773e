import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';
import { sampleUser } from '@/test/users';

afterEach(() => {
  vi.unstubAllGlobals();
});

const story = (id: number, title: string, category = 'Worship') => ({
  id,
  title,
  excerpt: `About ${title}`,
  videoUrl: null,
  thumbnailUrl: null,
  category,
  authorId: 'u1',
  status: 'approved',
  isPublished: true,
  hasPendingRevision: false,
  publishedAt: '2024-03-05T12:00:00Z',
  createdAt: '2024-03-01T12:00:00Z',
  updatedAt: '2024-03-05T12:00:00Z',
  author: { name: 'Ruth Moab', firstName: 'Ruth', lastName: 'Moab', profileImageUrl: null },
});

const categories = [
  { id: 1, name: 'Bible Study', description: null, icon: null, createdAt: '2024-01-01T00:00:00Z', storyCount: 3 },
  { id: 2, name: 'Worship', description: null, icon: null, createdAt: '2024-01-01T00:00:00Z', storyCount: 1 },
];

const table = (extra: FetchTable = {}, user = sampleUser()): FetchTable => ({
  ...signedOut,
  'GET /api/user': { body: user },
  'GET /api/categories': { body: categories },
  ...extra,
});

function storyCalls(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/stories');
}

describe('home for a signed-in user', () => {
  it('greets the user and offers Explore Stories and Create Content', async () => {
    renderApp('/', table());
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ruth' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Explore Stories' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Content' })).toHaveAttribute('href', '/dashboard');
  });

  it('says Friend when the user has no first name', async () => {
    renderApp('/', table({}, sampleUser({ firstName: null })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Friend' })).toBeInTheDocument();
  });

  it('shows six skeletons while the stories load', async () => {
    renderApp('/', table({ 'GET /api/stories': 'pending' }));
    const loading = await screen.findByLabelText('Loading stories');
    expect(loading.children).toHaveLength(6);
  });

  it('shows at most six stories and the server count', async () => {
    const stories = Array.from({ length: 6 }, (_, i) => story(i + 1, `Story ${i + 1}`));
    const { fetchMock } = renderApp(
      '/',
      table({ 'GET /api/stories': { body: stories, headers: { 'X-Total-Count': '14' } } }),
    );
    const list = await screen.findByRole('list', { name: 'All Stories' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    expect(within(list).getByRole('link', { name: 'Story 1' })).toHaveAttribute('href', '/stories/1');
    expect(screen.getByRole('heading', { level: 2, name: 'All Stories' })).toBeInTheDocument();
    expect(screen.getByText('14 stories found')).toBeInTheDocument();
    expect(storyCalls(fetchMock)[0]?.searchParams.get('limit')).toBe('6');
  });

  it('shows six more with each Show more until every match is shown', async () => {
    const all = Array.from({ length: 15 }, (_, i) => story(i + 1, `Story ${i + 1}`));
    const { fetchMock } = renderApp(
      '/',
      table({
        'GET /api/stories': (url) => {
          const offset = Number(url.searchParams.get('offset') ?? 0);
          const limit = Number(url.searchParams.get('limit'));
          return { body: all.slice(offset, offset + limit), headers: { 'X-Total-Count': '15' } };
        },
      }),
    );
    const list = await screen.findByRole('list', { name: 'All Stories' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(12));
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(15));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(screen.getByText('15 stories found')).toBeInTheDocument();
    expect(storyCalls(fetchMock).map((url) => url.searchParams.get('offset'))).toEqual([null, '6', '12']);
  });

  it('asks for the next six with the same words and category', async () => {
    const all = Array.from({ length: 8 }, (_, i) => story(i + 1, `Psalm ${i + 1}`));
    const { fetchMock } = renderApp(
      '/?q=psalm&category=Worship',
      table({
        'GET /api/stories': (url) => {
          const offset = Number(url.searchParams.get('offset') ?? 0);
          return { body: all.slice(offset, offset + 6), headers: { 'X-Total-Count': '8' } };
        },
      }),
    );
    const list = await screen.findByRole('list', { name: 'Worship Stories' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(8));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(storyCalls(fetchMock).map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { limit: '6', q: 'psalm', category: 'Worship' },
      { limit: '6', offset: '6', q: 'psalm', category: 'Worship' },
    ]);
  });

  it('keeps the search and category in the address, and offers the story browser with them', async () => {
    renderApp('/?q=psalm&category=Worship', table({ 'GET /api/stories': { body: [story(1, 'Psalms')] } }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Worship Stories' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search stories...')).toHaveValue('psalm');
    expect(await screen.findByRole('link', { name: 'Browse all stories' })).toHaveAttribute(
      'href',
      '/stories?q=psalm&category=Worship',
    );
  });

  it('searches on the server once typing pauses', async () => {
    const { fetchMock } = renderApp('/', table({ 'GET /api/stories': { body: [story(1, 'Psalms')] } }));
    await screen.findByRole('link', { name: 'Psalms' });
    await userEvent.type(screen.getByPlaceholderText('Search stories...'), 'psal');
    await waitFor(() => expect(storyCalls(fetchMock).some((url) => url.searchParams.get('q') === 'psal')).toBe(true));
    // One request for the finished word, none for the letters typed before it.
    expect(storyCalls(fetchMock).filter((url) => url.searchParams.has('q'))).toHaveLength(1);
  });

  it('filters by a category from the dropdown', async () => {
    const { fetchMock } = renderApp('/', table());
    await userEvent.click(await screen.findByRole('combobox', { name: 'Filter by category' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['All Categories', 'Bible Study', 'Worship']);
    await userEvent.click(screen.getByRole('option', { name: 'Worship' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Worship Stories' })).toBeInTheDocument();
    await waitFor(() =>
      expect(storyCalls(fetchMock).some((url) => url.searchParams.get('category') === 'Worship')).toBe(true),
    );
    expect(await screen.findByText('Try adjusting your search or filter criteria.')).toBeInTheDocument();
  });

  it('shows the empty state with Create Your First Story for an approved user', async () => {
    renderApp('/', table());
    expect(await screen.findByRole('heading', { name: 'No Stories Found' })).toBeInTheDocument();
    expect(screen.getByText('Be the first to share a story with the community!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your First Story' })).toHaveAttribute(
      'href',
      '/contributor-dashboard',
    );
    expect(screen.getByText('0 stories found')).toBeInTheDocument();
  });

  it('offers no Create Your First Story to an unapproved user', async () => {
    renderApp('/', table({}, sampleUser({ isApproved: false })));
    expect(await screen.findByRole('heading', { name: 'No Stories Found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create Your First Story' })).not.toBeInTheDocument();
  });

  it('lists the categories with counts, and a tile selects its filter', async () => {
    const { fetchMock } = renderApp('/', table());
    const section = (await screen.findByRole('heading', { name: 'Explore by Category' })).closest('section')!;
    const tiles = within(section).getAllByRole('button');
    expect(tiles.map((t) => t.textContent)).toEqual(['Bible Study3 Stories', 'Worship1 Story']);
    await userEvent.click(within(section).getByRole('button', { name: /Bible Study/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Bible Study Stories' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: /Bible Study/ })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(storyCalls(fetchMock).some((url) => url.searchParams.get('category') === 'Bible Study')).toBe(true),
    );
  });

  it('says the stories could not be loaded, with Retry, instead of "No Stories Found"', async () => {
    const fetchTable = table({ 'GET /api/stories': { status: 503, body: { message: 'Database unavailable' } } });
    renderApp('/', fetchTable);
    // docs/product.md#errors: a 503 is retried twice (1 s, then 2 s) before the query fails.
    expect(
      await screen.findByRole('heading', { name: 'Stories could not be loaded' }, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No Stories Found' })).not.toBeInTheDocument();
    expect(screen.queryByText('Be the first to share a story with the community!')).not.toBeInTheDocument();
    expect(screen.queryByText(/stories found/)).not.toBeInTheDocument();

    fetchTable['GET /api/stories'] = { body: [story(1, 'Psalms')], headers: { 'X-Total-Count': '1' } };
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Psalms' })).toBeInTheDocument();
    expect(screen.getByText('1 story found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Stories could not be loaded' })).not.toBeInTheDocument();
  }, 15_000);

  it('has no category grid when the server has no categories', async () => {
    renderApp('/', table({ 'GET /api/categories': { body: [] } }));
    await screen.findByRole('heading', { name: 'No Stories Found' });
    expect(screen.queryByRole('heading', { name: 'Explore by Category' })).not.toBeInTheDocument();
  });
});
