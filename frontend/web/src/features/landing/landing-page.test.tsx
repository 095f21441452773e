import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach } from 'vitest';
import { renderApp, signedOut } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('landing page for a signed-out visitor', () => {
  it('shows "Loading..." until the signed-in state is known', () => {
    renderApp('/', { ...signedOut, 'GET /api/user': 'pending' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('shows the hero, the sections and their anchors', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Stories' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Explore Stories' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch Videos' })).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Stories' })).toHaveAttribute('href', '#stories');
    expect(within(nav).getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '#categories');
    expect(within(nav).getByRole('link', { name: 'Community' })).toHaveAttribute('href', '#community');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help');
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth');

    expect(screen.getByRole('heading', { name: 'Featured Stories' }).closest('section')).toHaveAttribute('id', 'stories');
    expect(screen.getByRole('heading', { name: 'Explore by Category' }).closest('section')).toHaveAttribute(
      'id',
      'categories',
    );
    expect(screen.getByRole('heading', { name: 'Join Our Community' }).closest('section')).toHaveAttribute(
      'id',
      'community',
    );
  });

  it('uses the site name from the server', async () => {
    renderApp('/', {
      ...signedOut,
      'GET /api/site': { body: { siteName: 'Hope Chapel Stories', supportEmail: 'a@b.c', googleSignInEnabled: true } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hope Chapel Stories' })).toBeInTheDocument();
  });

  it('shows the four sample categories with their counts', async () => {
    renderApp('/');
    const section = (await screen.findByRole('heading', { name: 'Explore by Category' })).closest('section')!;
    const expected = [
      ['Bible Study', '24 Stories'],
      ['Testimonies', '18 Stories'],
      ['Faith & Life', '32 Stories'],
      ['Worship', '15 Stories'],
    ];
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expected.forEach(([name, count], i) => {
      expect(within(items[i]!).getByRole('heading', { name })).toBeInTheDocument();
      expect(items[i]).toHaveTextContent(count!);
    });
  });

  it('shows the community stats and its calls to action', async () => {
    renderApp('/');
    const section = (await screen.findByRole('heading', { name: 'Join Our Community' })).closest('section')!;
    const terms = within(section).getAllByRole('term').map((t) => t.textContent);
    const values = within(section).getAllByRole('definition').map((d) => d.textContent);
    expect(terms).toEqual(['Stories Shared', 'Contributors', 'Countries']);
    expect(values).toEqual(['89', '24', '12']);
    expect(within(section).getByRole('link', { name: 'Become a Contributor' })).toHaveAttribute('href', '/auth');
    expect(within(section).getByRole('link', { name: 'Join Community' })).toHaveAttribute('href', '/auth');
  });

  it('shows three sample featured stories when the site has none', async () => {
    renderApp('/');
    const section = (await screen.findByRole('heading', { name: 'Featured Stories' })).closest('section')!;
    const cards = await within(section).findAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const hrefs = cards.map((card) => within(card).getByRole('link').getAttribute('href'));
    expect(hrefs).toEqual(['/stories/1', '/stories/2', '/stories/3']);
    expect(within(section).getByRole('link', { name: 'View All Stories' })).toHaveAttribute('href', '/auth');
  });

  it('shows the newest published stories when there are some, and opens one', async () => {
    const story = (id: number, title: string) => ({
      id,
      title,
      excerpt: `About ${title}`,
      videoUrl: null,
      thumbnailUrl: null,
      category: 'Worship',
      authorId: 'u1',
      status: 'approved',
      isPublished: true,
      publishedAt: '2024-03-05T12:00:00Z',
      createdAt: '2024-03-01T12:00:00Z',
      updatedAt: '2024-03-05T12:00:00Z',
      author: { firstName: 'Ruth', lastName: 'Moab', profileImageUrl: null },
    });
    const { location } = renderApp('/', {
      ...signedOut,
      'GET /api/stories': { body: [story(42, 'Songs in the Night'), story(41, 'Morning Mercies')] },
    });
    const link = await screen.findByRole('link', { name: 'Songs in the Night' });
    expect(screen.getByRole('link', { name: 'Morning Mercies' })).toHaveAttribute('href', '/stories/41');
    expect(screen.getAllByText('Mar 5, 2024')).toHaveLength(2);
    await userEvent.click(link);
    await waitFor(() => expect(location.history?.at(-1)).toBe('/stories/42'));
  });

  it('has the footer with the Administrator Portal and inert Quick Links and Support entries', async () => {
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Administrator Portal' })).toHaveAttribute('href', '/admin-login');
    expect(within(footer).getByRole('heading', { name: 'Quick Links' })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'Support' })).toBeInTheDocument();
    for (const text of ['Help Center', 'Community Guidelines', 'Privacy Policy']) {
      const entry = within(footer).getByText(text);
      expect(entry).not.toHaveAttribute('href');
    }
  });
});
