import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StrictMode } from 'react';
import { Router } from 'wouter';
import { App } from '@/app/app';
import { queryClient } from '@/app/query-client';
import { matchesPaintFile, SITE_NAME_SLOT } from '@/test/first-paint-files';
import { seedFromFirstPaint } from './first-paint';

// A visitor's story browser is the app's whole first render, which `main.tsx` hydrates (see
// first-paint.tsx). A file of its own: the page's chunks this loads stay out of the other paints'
// tests.

/**
 * The app's first render at `at` for a visitor, as `main.tsx` hydrates it: the same tree
 * (`<StrictMode><App /></StrictMode>` on the browser's location), the page's chunk loaded (a first
 * pass waits for it) and the app's cache as it starts: nobody signed in, no answers yet. The site's
 * name comes from the page's head until `/api/site` answers (`useSiteName`): here a slot.
 */
async function appMarkup(at: string): Promise<string> {
  queryClient.clear();
  seedFromFirstPaint(queryClient, { path: at, visitor: true, hydrate: true });
  const siteName = document.createElement('meta');
  siteName.setAttribute('property', 'og:site_name');
  siteName.content = SITE_NAME_SLOT;
  document.head.append(siteName);
  const app = (
    <Router ssrPath={at} ssrSearch="">
      <StrictMode>
        <App />
      </StrictMode>
    </Router>
  );
  try {
    await new Response((await prerender(app)).prelude).text();
    const html = renderToString(app);
    // Everything rendered: no part left for the browser to render on its own after a wait.
    expect(html).not.toMatch(/<!--\$[!?]-->|<template/);
    return html;
  } finally {
    queryClient.clear();
    siteName.remove();
  }
}

describe("a visitor's first paint that is the app's own first render", () => {
  it('story browser: the heading, the search and the skeletons of the first page', async () => {
    const html = await appMarkup('/stories');
    expect(html).toContain('All Stories</h1>');
    expect(html).toContain('aria-label="Loading stories"');
    matchesPaintFile('stories.html', html);
  });
});
