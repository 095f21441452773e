import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../lib/secrets.mjs';

// a church's own website (here a page on another origin and site) adds one
// script tag and shows the newest stories of a category as cards linking to the site.

let host: Server;
let hostURL: string;
let pages: Record<string, string> = {};

test.beforeAll(async () => {
  host = createServer((req, res) => {
    const page = pages[req.url ?? ''];
    res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostURL = `http://localhost:${(host.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
});

/** A host page with hostile CSS for everything the widget draws, and the tag. */
function hostPage(baseURL: string, background: string, tag: string): string {
  return `<!doctype html><html lang="en"><head><title>St Luke's</title>
<style>body { background: ${background}; } a, h3, p, li { color: red !important; display: inline !important; font-size: 40px !important; }</style>
</head><body><main><h1>Welcome to St Luke's</h1>
<script src="${baseURL}/widget.js" ${tag} async></script>
</main></body></html>`;
}

test('the widget tag shows the newest stories of a category as cards linking to the site', async ({
  page,
  baseURL,
}) => {
  const admin = await playwrightRequest.newContext({ baseURL });
  const titles: string[] = [];
  try {
    expect(
      (await admin.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } })).status(),
    ).toBe(200);
    const tag = Date.now().toString(36);
    for (const [n, category] of [
      [1, 'Testimonies'],
      [2, 'Testimonies'],
      [3, 'Worship'],
      [4, 'Testimonies'],
      [5, 'Testimonies'],
    ] as const) {
      const title = `Widget ${category} ${n} ${tag}`;
      const made = await admin.post('/api/stories', {
        data: {
          title,
          content: `Story ${n} for the widget.`,
          category,
          isPublished: true,
          consent: { site: true, social: true, widget: true },
        },
      });
      expect(made.status()).toBe(201);
      if (category === 'Testimonies') titles.unshift(title);
    }
  } finally {
    await admin.dispose();
  }

  pages = { '/dark': hostPage(baseURL!, '#101418', 'data-category="Testimonies" data-limit="3"') };
  await page.goto(`${hostURL}/dark`);
  const widget = page.locator('.grace-stories-widget');
  const cards = widget.getByRole('listitem');
  await expect(cards).toHaveCount(3);
  // Newest first: the last three Testimonies, never the Worship story.
  for (const [i, title] of titles.slice(0, 3).entries()) {
    const link = cards.nth(i).getByRole('link');
    await expect(link).toContainText(title);
    await expect(link).toContainText('Testimonies');
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${baseURL}/stories/\\d+$`));
  }
  await expect(widget.getByRole('heading', { name: 'Testimonies stories' })).toBeVisible();
  await expect(widget.getByRole('link', { name: 'More stories →' })).toHaveAttribute(
    'href',
    `${baseURL}/stories?category=Testimonies`,
  );
  // The host page's CSS does not reach inside, and the dark page gets the dark look.
  const title = cards.first().getByRole('heading', { level: 3 });
  expect(await title.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(255, 0, 0)');
  expect(await title.evaluate((el) => getComputedStyle(el).display)).toBe('block');
  await expect(widget.locator('section')).toHaveAttribute('data-theme', 'dark');

  // Following a link opens the story on the site.
  const [story] = await Promise.all([page.context().waitForEvent('page'), cards.first().getByRole('link').click()]);
  await expect(story.getByRole('heading', { level: 1, name: titles[0] })).toBeVisible();
  await story.close();

  pages['/light'] = hostPage(baseURL!, '#ffffff', 'data-limit="2"');
  await page.goto(`${hostURL}/light`);
  await expect(page.locator('.grace-stories-widget').getByRole('listitem')).toHaveCount(2);
  await expect(page.locator('.grace-stories-widget section')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('.grace-stories-widget').getByRole('heading', { name: 'Community stories' })).toBeVisible();
});

test('the server serves the widget for every site with long caching', async ({ request }) => {
  const first = await request.get('/widget.js', { headers: { Origin: 'https://church.example' } });
  expect(first.status()).toBe(200);
  expect(first.headers()['content-type']).toContain('javascript');
  expect(first.headers()['access-control-allow-origin']).toBe('*');
  expect(first.headers()['cache-control']).toContain('max-age=86400');
  const body = await first.body();
  // Small: under 15 KB gzipped even before compression (no React inside).
  expect(body.length).toBeLessThan(15_000);
  expect(body.toString()).not.toMatch(/react/i);
  const etag = first.headers()['etag'];
  expect(etag).toBeTruthy();
  const again = await request.get('/widget.js', { headers: { 'If-None-Match': etag! } });
  expect(again.status()).toBe(304);

  const stories = await request.get('/api/stories?limit=1', { headers: { Origin: 'https://church.example' } });
  expect(stories.headers()['access-control-allow-origin']).toBe('*');
  const private_ = await request.get('/api/user', { headers: { Origin: 'https://church.example' } });
  expect(private_.headers()['access-control-allow-origin']).toBeUndefined();
});
