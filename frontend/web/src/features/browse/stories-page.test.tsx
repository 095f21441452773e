import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedOut, type FetchTable } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

const story = (id: number, category = 'Worship') => ({
  id,
  title: `Story ${id}`,
  // The first 25 mention the psalms: the table's search matches excerpts.
  excerpt: `About story ${id}${id <= 25 ? ' and the psalms' : ''}`,
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

const all = Array.from({ length: 30 }, (_, i) => story(i + 1, i % 3 === 0 ? 'Testimonies' : 'Worship'));

const categories = [
  { id: 1, name: 'Testimonies', description: null, icon: null, createdAt: '2024-01-01T00:00:00Z', storyCount: 10 },
  { id: 2, name: 'Worship', description: null, icon: null, createdAt: '2024-01-01T00:00:00Z', storyCount: 20 },
];

const table = (): FetchTable => ({
  ...signedOut,
  'GET /api/categories': { body: categories },
  'GET /api/stories': (url) => {
    const category = url.searchParams.get('category');
    const q = url.searchParams.get('q');
    const matching = all.filter((s) => (!category || s.category === category) && (!q || s.excerpt.includes(q)));
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit'));
    return { body: matching.slice(offset, offset + limit), headers: { 'X-Total-Count': String(matching.length) } };
  },
});

function storyCalls(fetchMock: ReturnType<typeof vi.fn>) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/stories');
}

describe('the story browser', () => {
  it('shows a visitor twelve stories a page with the total, and pages through them', async () => {
    const { fetchMock, location } = renderApp('/stories', table());
    expect(await screen.findByRole('heading', { level: 1, name: 'All Stories' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'All Stories' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByText('30 stories found')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Story 13' })).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/stories?page=2');
    expect(storyCalls(fetchMock).at(-1)?.searchParams.get('offset')).toBe('12');
  });

  it('filters by category from the address and starts again at page one on a new filter', async () => {
    const { fetchMock, location } = renderApp('/stories?category=Testimonies&page=1', table());
    expect(await screen.findByRole('heading', { level: 2, name: 'Testimonies Stories' })).toBeInTheDocument();
    expect(await screen.findByText('10 stories found')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Worship' }));
    expect(await screen.findByText('20 stories found')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/stories?category=Worship');
    await waitFor(() => expect(storyCalls(fetchMock).at(-1)?.searchParams.get('category')).toBe('Worship'));
  });

  it('opens the category list when a letter is typed on the closed select', async () => {
    renderApp('/stories', table());
    await screen.findByRole('list', { name: 'All Stories' });
    const select = screen.getByRole('combobox', { name: 'Filter by category' });
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    select.focus();
    await userEvent.keyboard('w');
    expect(await screen.findByRole('option', { name: 'Worship' })).toBeInTheDocument();
  });

  it('sends the words, category and page to the server and keeps each step in the address', async () => {
    const { fetchMock, location } = renderApp('/stories', table());
    await screen.findByRole('list', { name: 'All Stories' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search stories' }), 'psalm');
    expect(await screen.findByText('25 stories found')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/stories?q=psalm');

    await userEvent.click(screen.getByRole('combobox', { name: 'Filter by category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Worship' }));
    expect(await screen.findByText('16 stories found')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/stories?q=psalm&category=Worship');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/stories?q=psalm&category=Worship&page=2');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Worship Stories' })).getAllByRole('listitem')).toHaveLength(4),
    );
    const last = storyCalls(fetchMock).at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({
      q: 'psalm',
      category: 'Worship',
      limit: '12',
      offset: '12',
    });
    // Three searches, three history entries after the first address: Back can undo each one.
    expect(location.history).toEqual([
      '/stories',
      '/stories?q=psalm',
      '/stories?q=psalm&category=Worship',
      '/stories?q=psalm&category=Worship&page=2',
    ]);

    // Returning to an earlier address (what Back does) shows that search again.
    act(() => location.navigate('/stories?q=psalm'));
    expect(await screen.findByText('25 stories found')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search stories' })).toHaveValue('psalm');
    expect(screen.getByRole('combobox', { name: 'Filter by category' })).toHaveTextContent('All Categories');
    expect(within(screen.getByRole('list', { name: 'All Stories' })).getAllByRole('listitem')).toHaveLength(12);
  });

  it('restores words, category and page from the address it is opened on', async () => {
    const { fetchMock } = renderApp('/stories?q=psalm&category=Worship&page=2', table());
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search stories' })).toHaveValue('psalm');
    expect(screen.getByRole('combobox', { name: 'Filter by category' })).toHaveTextContent('Worship');
    expect(storyCalls(fetchMock).map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { q: 'psalm', category: 'Worship', limit: '12', offset: '12' },
    ]);
  });

  it('says when nothing matches', async () => {
    renderApp('/stories?q=nothing', table());
    expect(await screen.findByRole('heading', { name: 'No stories match your search.' })).toBeInTheDocument();
    expect(screen.getByText('Try other words or another category.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('is linked as Browse Stories from the header', async () => {
    renderApp('/help', table());
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Browse Stories' })).toHaveAttribute('href', '/stories');
  });
});
