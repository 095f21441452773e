import { expect, test } from '@playwright/test';
import { approvedAccount, signIn } from '../lib/people';

test.describe('landing page', () => {
  test('shows the hero, sections, stats, categories and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Grace Stories' })).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Explore Stories' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Watch Videos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup');

    for (const heading of ['Featured Stories', 'Explore by Category', 'Join Our Community']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }

    // The harness seeds published stories (seed-demo), so the figures are the site's own, not the
    // spec's sample ones (89 / 24 / 12), and there is no "Countries" figure.
    const site = (await (await page.request.get('/api/site')).json()) as {
      publishedStories: number;
      contributors: number;
    };
    expect(site.publishedStories).toBeGreaterThan(0);
    const community = page.locator('#community');
    await expect(community.getByRole('term')).toHaveText(['Stories Shared', 'Contributors']);
    await expect(community.getByRole('definition')).toHaveText([
      String(site.publishedStories),
      String(site.contributors),
    ]);
    await expect(community.getByRole('link', { name: 'Become a Contributor' })).toHaveAttribute(
      'href',
      '/auth?mode=signup',
    );
    await expect(community.getByRole('link', { name: 'Join Community' })).toHaveAttribute('href', '/auth?mode=signup');

    const categories = page.locator('#categories');
    const counts = (await (await page.request.get('/api/categories')).json()) as { name: string; storyCount: number }[];
    for (const { name, storyCount } of counts) {
      const tile = categories.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      await expect(tile).toContainText(storyCount === 1 ? '1 Story' : `${storyCount} Stories`);
    }

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Administrator Portal' })).toHaveAttribute('href', '/admin-login');
    const feed = footer.getByRole('link', { name: 'RSS feed' });
    await expect(feed).toHaveAttribute('href', '/feed.xml');
    const atom = await page.request.get((await feed.getAttribute('href')) ?? '');
    expect(atom.headers()['content-type']).toContain('application/atom+xml');
    await expect(footer.getByText('Community Guidelines')).toBeVisible();
  });

  test('Explore Stories scrolls to the featured stories', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Explore Stories' }).click();
    await expect(page.locator('#stories')).toBeInViewport();
  });

  test('a featured story card opens that story', async ({ page }) => {
    await page.goto('/');
    const cards = page.locator('#stories').getByRole('listitem');
    await expect(cards).toHaveCount(3);
    const link = cards.first().getByRole('link');
    const title = (await link.textContent())?.trim() ?? '';
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/stories\/\d+$/);

    await cards.first().click();
    await expect(page).toHaveURL(href);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Stories' })).toBeVisible();
  });
});

// A visitor's story browser comes as the app's own first render, which the app adopts (hydrates)
// instead of building the page again (frontend/web/src/app/first-paint.tsx).
test("a visitor's /stories: the app adopts the server's markup instead of building it again", async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Before any of the page's scripts runs (the app starts after the first paint): the server's
  // heading and search box, to compare with what is on screen once the app runs.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const painted = window as unknown as { painted?: Element[] };
      painted.painted = [document.querySelector('h1')!, document.querySelector('input[type="search"]')!];
    });
  });
  const html = (await (await page.goto('/stories'))?.text()) ?? '';
  expect(html).toContain('<div id="root" data-prerendered="" data-visitor="" data-hydrate=""><!--$-->');
  // The app runs: the stories it fetched after the paint are on screen.
  await expect(page.getByRole('status').filter({ hasText: /stor(y|ies) found/ })).toBeVisible();
  const kept = await page.evaluate(() => {
    const { painted = [] } = window as unknown as { painted?: Element[] };
    return painted.map((element) => element.isConnected);
  });
  expect(kept).toEqual([true, true]);
  // React reports a markup that differs from its own render (and then builds the page again).
  expect(errors).toEqual([]);
});

// The browser reports the first contentful paint once that frame is on screen; the app's scripts
// are asked for after that, so their compiling does not hold up the paint (src/boot.ts).
for (const path of ['/', '/stories', '/stories/1']) {
  test(`${path}: the app's scripts are asked for once the server's paint is on screen`, async ({ page }) => {
    await page.goto(path);
    const timing = () =>
      page.evaluate(() => ({
        painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name) && !/\/assets\/boot-/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
    // The app and its renderer at least.
    await expect.poll(async () => (await timing()).scripts.length).toBeGreaterThan(1);
    const { painted, scripts } = await timing();
    expect(painted).toBeDefined();
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(painted!);
  });
}

// A story's paint is React's own markup of the page's first screen (app-server/src/pages/story_page.rs):
// when the app takes over, on a phone, nothing on that screen moves.
test('a story on a phone: the app takes over the paint without moving the title, the byline or the text', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  let release = () => {};
  const measured = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, async (route) => {
    await measured;
    await route.continue();
  });
  await page.goto('/stories/1', { waitUntil: 'domcontentloaded' });
  const places = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top ?? null;
      return {
        back: top('article a[href="/"]'),
        badge: top('[data-slot="badge"]'),
        title: top('article h1'),
        byline: top('[data-slot="avatar"]'),
        text: top('.story-content'),
      };
    });
  await expect(page.locator('#root > [data-prerendered]')).toBeAttached();
  const painted = await places();
  for (const [what, at] of Object.entries(painted)) expect(at, what).not.toBeNull();
  release();
  // The app has taken over: the comments, which the paint does not have, are on screen.
  await expect(page.getByRole('heading', { name: /Comments/ })).toBeVisible();
  await expect(page.locator('#root > [data-prerendered]')).toHaveCount(0);
  expect(await places()).toEqual(painted);
});

// A story's page asks for what the app's first render waits for with the document
// (app-server/src/pages/story_page.rs): the story, who is signed in for a cookie holder, and the page's
// chunks (inert until the paint, like the app's own), so the app takes over without waiting for them
// one after another; the app's own requests take the preloaded answers.
for (const who of ['a visitor', 'a member'] as const) {
  test(`${who}'s story page: the story and the page's chunks asked for with the document, each once`, async ({
    page,
  }) => {
    if (who === 'a member') await signIn(page, await approvedAccount('member', 'Priscilla'));
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    });
    const html = (await (await page.goto('/stories/1'))?.text()) ?? '';
    expect(html).toMatch(
      /<link data-after-paint crossorigin href="\/assets\/story-detail-page-[^"]+" data-story-page>/,
    );
    expect(html).not.toContain('rel="modulepreload"');
    const preloaded = [
      ...html.matchAll(
        /<link rel="preload" as="fetch" crossorigin="use-credentials" fetchpriority="low" href="([^"]+)">/g,
      ),
    ].map((m) => m[1]!);
    expect(preloaded).toEqual(who === 'a member' ? ['/api/stories/1', '/api/user'] : ['/api/stories/1']);
    // The app has taken over: the comments, which the paint does not have, are on screen.
    await expect(page.getByRole('heading', { name: /Comments/ })).toBeVisible();
    for (const url of preloaded)
      expect(
        asked.filter((a) => a === url),
        url,
      ).toHaveLength(1);
  });
}

test('an unknown page shows the not-found texts', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('a missing story shows Story Not Found', async ({ page }) => {
  await page.goto('/stories/999999');
  await expect(page.getByRole('heading', { name: 'Story Not Found' })).toBeVisible();
  await expect(page.getByText("The story you're looking for doesn't exist or has been removed.")).toBeVisible();
});

test('an unknown API path answers JSON 404', async ({ request }) => {
  const response = await request.get('/api/nothing');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  const body: unknown = await response.json();
  expect(body).toMatchObject({ message: expect.any(String) });
});

/** A member's pages the server paints: what their first screen says, their answers and chunks. */
const MEMBER_PAGES = [
  {
    path: '/',
    heading: 'Welcome back, Lydia',
    stories: '/api/stories?limit=6',
    chunk: /<link data-after-paint crossorigin href="\/assets\/home-page-[^"]+" data-signed-in-home>/,
  },
  {
    path: '/stories',
    heading: 'All Stories',
    stories: '/api/stories?limit=12',
    chunk: /<link data-after-paint crossorigin href="\/assets\/stories-page-[^"]+" data-signed-in-stories>/,
  },
];

for (const { path, heading, stories, chunk } of MEMBER_PAGES) {
  test(`a member's ${path}: its first screen in the document, and each answer it needs asked for once, with it`, async ({
    page,
  }) => {
    const email = await approvedAccount('member', 'Lydia');
    await signIn(page, email);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    });
    const document = await page.goto(path);
    // The server paints the member's page (their header, its first screen, the stories'
    // skeletons), preloads its answers, and lists its chunks for boot.ts to ask for once the page
    // has painted (app-server/src/pages/first_paint.rs); the app takes over with the same markup.
    const html = (await document?.text()) ?? '';
    expect(html).toContain('<div data-prerendered="" style="display:contents">');
    expect(html).toContain(`${heading}</h1>`);
    expect(html).toMatch(chunk);
    expect(html).not.toContain('rel="modulepreload"');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /stor(y|ies) found/ })).toBeVisible();
    // The app has replaced the paint (its own header, the user menu loaded).
    await expect(page.locator('[data-prerendered]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
    // What the page asked for is exactly what the document preloaded, each once: the app's fetches
    // took the preloaded answers (a preload that does not match the app's request, say another
    // `limit`, leaves the app's own request beside it).
    const preloaded = [
      ...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g),
    ]
      .map((m) => m[1]!)
      .sort();
    expect(preloaded).toEqual(['/api/categories', '/api/site', stories, '/api/user'].sort());
    expect([...asked].sort()).toEqual(preloaded);
  });
}

// A phone on a slow network shows the server's paint for seconds before the app runs; words typed
// into its search box meanwhile are the reader's (frontend/web/src/app/first-paint.tsx): the app's
// box keeps them, the reader goes on typing, and the search runs. A visitor's story browser is
// hydrated (the box stays), a member's pages are replaced (the box is a new one).
for (const { who, path } of [
  { who: 'a visitor', path: '/stories' },
  { who: 'a member', path: '/stories' },
  { who: 'a member', path: '/' },
]) {
  test(`${who}'s ${path}: words typed into the paint's search box before the app runs are kept and searched for`, async ({
    page,
  }) => {
    if (who === 'a member') await signIn(page, await approvedAccount('member', 'Typist'));
    // The app's scripts wait until the reader has typed (boot.ts, which asks for them, does not).
    let release = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    const searched: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/stories' && url.searchParams.has('q')) searched.push(url.searchParams.get('q')!);
    });
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    const box = page.getByRole('searchbox', { name: 'Search stories' });
    await box.click();
    await page.keyboard.type('pea');
    await expect(page.locator('[data-prerendered]')).toHaveCount(1);
    release();
    // The app has taken over: the menu of a member, the cards of a visitor's page.
    if (who === 'a member') await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
    else await expect(page.locator('#root[data-hydrate]')).toHaveCount(1);
    await expect(box).toHaveValue('pea');
    await page.keyboard.type('ce');
    await expect(box).toHaveValue('peace');
    await expect.poll(() => searched).toContain('peace');
    if (path === '/stories') await expect(page).toHaveURL(/[?&]q=peace/);
  });
}

// The same for a tap: on a phone the paint's menu button and category select do nothing until the
// app runs; a tap on one is kept and opens the app's menu or list once it has taken over
// (`useTappedInPaint`, frontend/web/src/app/first-paint.tsx).
for (const { what, path, control, opened } of [
  { what: 'the menu', path: '/', control: 'Open navigation menu', opened: 'menuitem' },
  { what: 'the menu', path: '/stories', control: 'Open navigation menu', opened: 'menuitem' },
  { what: 'the category list', path: '/stories', control: 'Filter by category', opened: 'option' },
  { what: 'the share menu', path: '/stories/1', control: 'Share', opened: 'menuitem' },
] as const) {
  test(`${path} on a phone: a tap on ${what} before the app runs opens it once the app has taken over`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    let release = () => {};
    const tapped = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, async (route) => {
      await tapped;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await page.getByRole(control === 'Filter by category' ? 'combobox' : 'button', { name: control }).click();
    await expect(page.locator('#root')).toHaveAttribute('data-tapped', control);
    await expect(page.getByRole(opened).first()).toBeHidden();
    release();
    await expect(page.getByRole(opened).first()).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('data-tapped');
    // Once the app runs, its control handles taps itself: closed and opened again, nothing is kept.
    await page.keyboard.press('Escape');
    await expect(page.getByRole(opened).first()).toBeHidden();
    await page.getByRole(control === 'Filter by category' ? 'combobox' : 'button', { name: control }).click();
    await expect(page.getByRole(opened).first()).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('data-tapped');
  });
}

// A member's paint has their account button (their initials; `AccountStandIn` in
// components/layout/header.tsx) where the account menu goes: a tap on it before the app runs opens
// the menu once the app has taken over.
test("a member's Home on a phone: a tap on the account button before the app runs opens the menu", async ({ page }) => {
  await signIn(page, await approvedAccount('member', 'Tabitha'));
  await page.setViewportSize({ width: 390, height: 844 });
  let release = () => {};
  const tapped = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!boot-)[^/]+\.js$/, async (route) => {
    await tapped;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root > [data-prerendered]')).toBeAttached();
  const button = page.getByRole('button', { name: /account menu for Tabitha/ });
  await expect(button).toHaveText(/^T/);
  await button.click();
  await expect(page.locator('#root')).toHaveAttribute('data-tapped', /account menu for Tabitha/);
  release();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('data-tapped');
});
