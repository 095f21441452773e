import { renderToStaticMarkup } from 'react-dom/server';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { PageShell } from '@/components/layout/page-shell';
import { Hero, LANDING_SECTIONS } from '@/features/landing/landing-page';
import { HomePage } from '@/features/home/home-page';
import { StoriesPage } from '@/features/browse/stories-page';
import { renderApp, signedOut } from '@/test/render-app';
import { matchesPaintFile, SITE_NAME_SLOT } from '@/test/first-paint-files';
import {
  loadHeaderMenus,
  MEMBER_HEADERS,
  memberHeader,
  paintMarkup as markup,
  siteHeader as header,
} from '@/test/paint-markup';
import { sampleUser } from '@/test/users';
import type { User } from '@/hooks/use-auth';
import { PageLoading, seedFromFirstPaint, setFirstPaint } from './first-paint';

// The server's first paints that the app replaces are React's own markup too (see first-paint.tsx;
// the story browser's, which the app hydrates, is in hydrated-paints.test.tsx).

/** Where the server writes a member's first name, and their header (`first_paint.rs`). */
const FIRST_NAME_SLOT = '__FIRST_NAME__';
const HEADER_SLOT = '__HEADER__';

describe("the server's first paints are what React renders", () => {
  beforeAll(loadHeaderMenus);

  it('landing page: the header and the hero', () => {
    const html = markup(
      '/',
      <PageShell sections={LANDING_SECTIONS}>
        <Hero siteName={SITE_NAME_SLOT} />
      </PageShell>,
    );
    expect(html).toContain(`>${SITE_NAME_SLOT}</h1>`);
    expect(html).toContain('Sign Up');
    matchesPaintFile('landing.html', html);
  });

  /** A member's pages: their file's name, their path, the page, what their first screen shows. */
  const MEMBER_PAGES: [string, string, React.ReactNode, string[]][] = [
    ['home', '/', <HomePage />, [`Welcome back, ${FIRST_NAME_SLOT}</h1>`, 'aria-label="Loading stories"']],
    [
      'stories',
      '/stories',
      <StoriesPage />,
      ['All Stories</h1>', 'aria-label="Search stories"', 'aria-label="Loading stories"'],
    ],
  ];

  it.each(MEMBER_PAGES)("a member's %s: their header around the page's first screen", (name, at, page, shows) => {
    const render = (access: Pick<User, 'role' | 'isApproved'>) =>
      markup(at, page, sampleUser({ ...access, firstName: FIRST_NAME_SLOT }));
    const [, first] = MEMBER_HEADERS[0]!;
    const template = render(first).replace(header(render(first)), HEADER_SLOT);
    for (const text of shows) expect(template).toContain(text);
    // The current page is the one marked in the header.
    expect(header(render(first))).toContain(`aria-current="page" href="${at}"`);
    // Home's template keeps its name; the story browser's is beside the visitors' (`stories.html`).
    matchesPaintFile(name === 'home' ? 'home.html' : `${name}-member.html`, template);
    for (const [role, access] of MEMBER_HEADERS) {
      const html = render(access);
      // The page around the header is the same for everyone.
      expect(html.replace(header(html), HEADER_SLOT), role).toBe(template);
      const user = sampleUser({ ...access, firstName: FIRST_NAME_SLOT });
      matchesPaintFile(`${name}-header-${role}.html`, memberHeader(header(html), user));
    }
    // Every admin role has the admin's header.
    for (const role of ['sub_admin', 'super_admin'] as const) {
      for (const isApproved of [true, false]) {
        const html = render({ role, isApproved });
        expect(header(html), role).toBe(header(render({ role: 'admin', isApproved })));
      }
    }
  });

  it("a signed-in Home while the app starts: the app's loading screen", () => {
    const html = renderToStaticMarkup(<LoadingScreen />);
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading...');
    matchesPaintFile('loading.html', html);
  });
});

describe('the app over a first paint', () => {
  afterEach(() => {
    setFirstPaint(null);
    vi.unstubAllGlobals();
  });

  it("a visitor's paint: the landing page without waiting for /api/user", async () => {
    const { fetchMock } = renderApp('/', { ...signedOut, 'GET /api/user': 'pending' }, (client) =>
      seedFromFirstPaint(client, { path: '/', visitor: true, hydrate: false }),
    );
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Stories' })).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(asked).toContain('/api/site');
    expect(asked).not.toContain('/api/user');
  });

  it('a paint with a session cookie behind it: waits for /api/user as before', () => {
    renderApp('/', { ...signedOut, 'GET /api/user': 'pending' }, (client) =>
      seedFromFirstPaint(client, { path: '/', visitor: false, hydrate: false }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('while the paint is on screen a wait suspends (keeping it); elsewhere it says Loading...', () => {
    setFirstPaint({ path: '/stories', visitor: true, hydrate: true });
    const at = (path: string) =>
      render(
        <Router hook={memoryLocation({ path }).hook}>
          <Suspense fallback={<p>kept the paint</p>}>
            <PageLoading />
          </Suspense>
        </Router>,
      );
    at('/stories');
    expect(screen.getByText('kept the paint')).toBeInTheDocument();
    cleanup();
    at('/help');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });
});
