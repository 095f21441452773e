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
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');

    expect(screen.getByRole('heading', { name: 'Featured Stories' }).closest('section')).toHaveAttribute(
      'id',
      'stories',
    );
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
    // The sample counts show once GET /api/site says the site has no published story.
    await within(section).findByText('24 Stories');
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
    await within(section).findByText('89');
    const terms = within(section)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const values = within(section)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['Stories Shared', 'Contributors', 'Countries']);
    expect(values).toEqual(['89', '24', '12']);
    expect(within(section).getByRole('link', { name: 'Become a Contributor' })).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
    expect(within(section).getByRole('link', { name: 'Join Community' })).toHaveAttribute('href', '/auth?mode=signup');
  });

  it('shows the real figures once the site has published stories, without countries', async () => {
    const category = (id: number, name: string, storyCount: number) => ({
      id,
      name,
      description: `About ${name}`,
      icon: null,
      createdAt: '2024-01-01T00:00:00Z',
      storyCount,
    });
    renderApp('/', {
      ...signedOut,
      'GET /api/site': {
        body: {
          siteName: 'Grace Stories',
          supportEmail: 'help@example.org',
          googleSignInEnabled: false,
          publishedStories: 5,
          contributors: 3,
        },
      },
      'GET /api/categories': {
        body: [
          category(1, 'Bible Study', 2),
          category(2, 'Testimonies', 1),
          category(3, 'Faith & Life', 0),
          category(4, 'Worship', 2),
          category(5, 'Community', 0),
        ],
      },
    });
    const community = (await screen.findByRole('heading', { name: 'Join Our Community' })).closest('section')!;
    await waitFor(() =>
      expect(
        within(community)
          .getAllByRole('definition')
          .map((d) => d.textContent),
      ).toEqual(['5', '3']),
    );
    expect(
      within(community)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Stories Shared', 'Contributors']);
    expect(within(community).queryByText('Countries')).not.toBeInTheDocument();

    const categories = screen.getByRole('heading', { name: 'Explore by Category' }).closest('section')!;
    await waitFor(() => expect(within(categories).getAllByRole('listitem')).toHaveLength(5));
    const tiles = within(categories)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(tiles[0]).toContain('2 Stories');
    expect(tiles[1]).toContain('1 Story');
    expect(tiles[2]).toContain('0 Stories');
    expect(tiles[4]).toContain('Community');
    expect(within(categories).queryByText('24 Stories')).not.toBeInTheDocument();
  });

  it('keeps the sample figures on a site without published stories', async () => {
    renderApp('/', {
      ...signedOut,
      'GET /api/site': {
        body: {
          siteName: 'Grace Stories',
          supportEmail: 'a@b.c',
          googleSignInEnabled: false,
          publishedStories: 0,
          contributors: 0,
        },
      },
    });
    const community = (await screen.findByRole('heading', { name: 'Join Our Community' })).closest('section')!;
    await waitFor(() =>
      expect(
        within(community)
          .getAllByRole('definition')
          .map((d) => d.textContent),
      ).toEqual(['89', '24', '12']),
    );
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
      author: { name: 'Ruth Moab', firstName: 'Ruth', lastName: 'Moab', profileImageUrl: null },
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
    expect(within(footer).getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/feed.xml');
    expect(within(footer).getByRole('heading', { name: 'Quick Links' })).toBeInTheDocument();
    expect(within(footer).getByRole('heading', { name: 'Support' })).toBeInTheDocument();
    for (const text of ['Help Center', 'Community Guidelines', 'Privacy Policy']) {
      const entry = within(footer).getByText(text);
      expect(entry).not.toHaveAttribute('href');
    }
  });
});
