// every story reachable by browsing. Home shows six and "Show more" adds six at a
// time; /stories pages through every match with the search in the address; a shared story
// link shows the story before (and without) any script.
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { ADMIN_PASSWORD } from '../lib/secrets.mjs';

async function adminContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  const response = await context.request.post('/api/admin/login', {
    data: { username: 'admin', password: ADMIN_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return context;
}

/** Fifteen published stories sharing a made-up word: thirteen in Worship, two in Testimonies. */
async function seed(admin: BrowserContext): Promise<{ tag: string; ids: number[] }> {
  const tag = `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const ids: number[] = [];
  for (let n = 1; n <= 15; n += 1) {
    const created = await admin.request.post('/api/stories', {
      data: {
        title: `Browse ${tag} number ${n}`,
        content: `The first paragraph of story ${n} about ${tag}.\n\nThe second paragraph.`,
        category: n <= 13 ? 'Worship' : 'Testimonies',
        isPublished: true,
        consent: { site: true, social: true, widget: true },
      },
    });
    expect(created.status()).toBe(201);
    ids.push(((await created.json()) as { id: number }).id);
  }
  return { tag, ids };
}

test('Home shows six stories and Show more adds six until all fifteen are shown', async ({ browser }) => {
  const admin = await adminContext(browser);
  const { tag } = await seed(admin);
  const page = await admin.newPage();
  await page.goto(`/?q=${tag}`);
  const list = page.getByRole('list', { name: 'All Stories' });
  await expect(list.getByRole('listitem')).toHaveCount(6);
  await expect(page.getByText('15 stories found')).toBeVisible();
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(12);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(15);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  await expect(page.getByText('15 stories found')).toBeVisible();
  await admin.close();
});

test('a visitor searches, filters, pages, shares the address and goes back', async ({ browser }) => {
  const admin = await adminContext(browser);
  const { tag } = await seed(admin);
  await admin.close();

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'Browse all stories' }).click();
  await expect(page).toHaveURL(/\/stories$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Stories' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse Stories' }),
  ).toHaveAttribute('href', '/stories');

  // Search: fifteen matches, twelve on the first page.
  await page.getByRole('searchbox', { name: 'Search stories' }).fill(tag);
  await expect(page.getByText('15 stories found')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/stories\\?q=${tag}$`));
  const all = page.getByRole('list', { name: 'All Stories' });
  await expect(all.getByRole('listitem')).toHaveCount(12);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  // Filter: thirteen in Worship, still two pages.
  await page.getByRole('combobox', { name: 'Filter by category' }).click();
  await page.getByRole('option', { name: 'Worship' }).click();
  await expect(page.getByText('13 stories found')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&category=Worship$`));
  const worship = page.getByRole('list', { name: 'Worship Stories' });
  await expect(worship.getByRole('listitem')).toHaveCount(12);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();

  // Page 2: the thirteenth.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(worship.getByRole('listitem')).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&category=Worship&page=2$`));
  const onPageTwo = await worship.getByRole('heading').allTextContents();
  expect(onPageTwo).toHaveLength(1);

  // The address is the search: a new page opened on it shows the same stories.
  const shared = await visitor.newPage();
  await shared.goto(page.url());
  await expect(shared.getByText('Page 2 of 2')).toBeVisible();
  await expect(shared.getByText('13 stories found')).toBeVisible();
  await expect(shared.getByRole('searchbox', { name: 'Search stories' })).toHaveValue(tag);
  await expect(shared.getByRole('combobox', { name: 'Filter by category' })).toHaveText('Worship');
  await expect(shared.getByRole('list', { name: 'Worship Stories' }).getByRole('heading')).toHaveText(onPageTwo);
  await shared.close();

  // Back undoes the page, then the filter, then the search.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&category=Worship$`));
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expect(worship.getByRole('listitem')).toHaveCount(12);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}$`));
  await expect(page.getByText('15 stories found')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Filter by category' })).toHaveText('All Categories');
  await expect(page.getByRole('searchbox', { name: 'Search stories' })).toHaveValue(tag);
  await page.goBack();
  await expect(page).toHaveURL(/\/stories$/);
  await expect(page.getByRole('searchbox', { name: 'Search stories' })).toHaveValue('');
  await visitor.close();
});

test('a shared story link shows its title and first paragraph without JavaScript', async ({ browser }) => {
  const admin = await adminContext(browser);
  const { tag, ids } = await seed(admin);
  await admin.close();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(`/stories/${ids[0]}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: `Browse ${tag} number 1` })).toBeVisible();
  await expect(page.getByText(`The first paragraph of story 1 about ${tag}.`)).toBeVisible();
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `Browse ${tag} number 1`);

  // Every other page carries the site's own head, with the feed.
  await page.goto('/help');
  await expect(page).toHaveTitle('Grace Stories');
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'website');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/og-image\.jpg$/);
  await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    'href',
    /\/feed\.xml$/,
  );
  await context.close();
});
