import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { getGetSiteInfoQueryKey } from '@grace-stories/sdk/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/app/query-client';
import { LoadingScreen } from '@/components/layout/loading-screen';
import { PageShell } from '@/components/layout/page-shell';
import { Hero, LANDING_SECTIONS } from '@/features/landing/landing-page';
import { StoriesPage } from '@/features/browse/stories-page';
import { authQueryKey } from '@/hooks/use-auth';
import { renderApp, signedOut } from '@/test/render-app';
import { PageLoading, seedFromFirstPaint, setFirstPaint } from './first-paint';

// The server's first paints are React's own markup (see first-paint.tsx). `UPDATE_FIRST_PAINT=1
// npx vitest run first-paint` rewrites them after a change to these components.
/** Where the server writes the site's name (`app-server/src/pages/first_paint.rs`). */
const SITE_NAME_SLOT = '__SITE_NAME__';

const DIR = path.resolve(__dirname, '../../../../app-server/src/pages/first_paint');

/** A visitor's view at `path`: nobody signed in, the site's name a slot the server fills. */
function markup(at: string, page: React.ReactNode): string {
  const client = createQueryClient();
  client.setQueryData(authQueryKey, null);
  client.setQueryData(getGetSiteInfoQueryKey(), { siteName: SITE_NAME_SLOT });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <Router ssrPath={at}>{page}</Router>
    </QueryClientProvider>,
  );
}

function matches(file: string, html: string) {
  const full = path.join(DIR, file);
  if (process.env.UPDATE_FIRST_PAINT) writeFileSync(full, `${html}\n`);
  expect(readFileSync(full, 'utf8').trimEnd()).toBe(html);
}

describe("the server's first paints are what React renders", () => {
  it('landing page: the header and the hero', () => {
    const html = markup(
      '/',
      <PageShell sections={LANDING_SECTIONS}>
        <Hero siteName={SITE_NAME_SLOT} />
      </PageShell>,
    );
    expect(html).toContain(`>${SITE_NAME_SLOT}</h1>`);
    expect(html).toContain('Sign Up');
    matches('landing.html', html);
  });

  it("a signed-in Home while the app starts: the app's loading screen", () => {
    const html = renderToStaticMarkup(<LoadingScreen />);
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading...');
    matches('loading.html', html);
  });

  it('story browser: the heading, the search and the skeletons of the first page', () => {
    const html = markup('/stories', <StoriesPage />);
    expect(html).toContain('All Stories</h1>');
    expect(html).toContain('aria-label="Loading stories"');
    matches('stories.html', html);
  });
});

describe('the app over a first paint', () => {
  afterEach(() => {
    setFirstPaint(null);
    vi.unstubAllGlobals();
  });

  it("a visitor's paint: the landing page without waiting for /api/user", async () => {
    const { fetchMock } = renderApp('/', { ...signedOut, 'GET /api/user': 'pending' }, (client) =>
      seedFromFirstPaint(client, { path: '/', visitor: true }),
    );
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Stories' })).toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
    expect(asked).toContain('/api/site');
    expect(asked).not.toContain('/api/user');
  });

  it('a paint with a session cookie behind it: waits for /api/user as before', () => {
    renderApp('/', { ...signedOut, 'GET /api/user': 'pending' }, (client) =>
      seedFromFirstPaint(client, { path: '/', visitor: false }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('while the paint is on screen a wait suspends (keeping it); elsewhere it says Loading...', () => {
    setFirstPaint({ path: '/stories', visitor: true });
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
