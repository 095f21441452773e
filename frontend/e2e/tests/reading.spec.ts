import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, USER_PASSWORD } from '../lib/secrets.mjs';

// Reading side of the site against the real server: Home search, story page, comments and
// their moderation, the share menu, the help centre. `seed-demo` provides the stories.
const SEEDED_TITLE = 'Walking Through the Psalms';

type Person = { firstName: string; lastName: string; username: string; email: string };

function newPerson(first: string): Person {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    firstName: first,
    lastName: `Reader${tag}`,
    username: `${first.toLowerCase()}${tag}`,
    email: `${first.toLowerCase()}.${tag}@example.test`,
  };
}

/** Registers through the API with the context's cookie jar, so the context is signed in. */
async function register(request: APIRequestContext, person: Person): Promise<string> {
  const response = await request.post('/api/register', { data: { ...person, password: USER_PASSWORD } });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { user: { id: string } };
  return body.user.id;
}

/** A request context signed in as the harness's super admin. */
async function adminApi(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  const response = await context.request.post('/api/admin/login', {
    data: { username: 'admin', password: ADMIN_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  return context;
}

async function storyIdByTitle(request: APIRequestContext, title: string): Promise<number> {
  const response = await request.get(`/api/stories?q=${encodeURIComponent(title)}`);
  expect(response.ok()).toBe(true);
  const stories = (await response.json()) as { id: number; title: string }[];
  const story = stories.find((s) => s.title === title);
  expect(story, `seeded story "${title}"`).toBeTruthy();
  return story!.id;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('a signed-in member finds a seeded story with the Home search and opens it', async ({ page }) => {
  const person = newPerson('Naomi');
  await register(page.request, person);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: `Welcome back, ${person.firstName}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'All Stories' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Explore by Category' })).toBeVisible();
  await shot(page, 'home');

  // Prefix search on the server: "psal" finds "Psalms".
  await page.getByPlaceholder('Search stories...').fill('psal');
  const results = page.getByRole('list', { name: 'All Stories' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('1 story found', { exact: true })).toBeVisible();
  await results.getByRole('link', { name: SEEDED_TITLE }).click();

  await expect(page).toHaveURL(/\/stories\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: SEEDED_TITLE })).toBeVisible();
  await expect(page.getByText('Bible Study', { exact: true })).toBeVisible();
  await expect(page.getByText('Text Story', { exact: true })).toBeVisible();
  await expect(page.getByText('1 min read', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Share this story' })).toBeVisible();
  await shot(page, 'story-article');
});

test('a category tile on Home filters the list', async ({ page }) => {
  await register(page.request, newPerson('Boaz'));
  await page.goto('/');
  const categories = page.getByRole('heading', { name: 'Explore by Category' }).locator('xpath=ancestor::section[1]');
  await categories.getByRole('button', { name: /Worship/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Worship Stories' })).toBeVisible();
  await expect(page).toHaveURL(/category=Worship/);
  const list = page.getByRole('list', { name: 'Worship Stories' });
  // The filtered list has loaded (not the loading state between the two lists).
  await expect(page.getByRole('status').filter({ hasText: /stor(y|ies) found/ })).toBeVisible();
  await expect(list.getByRole('listitem').first()).toBeVisible();
  // Other tests add Worship stories too: the seeded one may be a "Show more" or two away.
  const seeded = list.getByRole('link', { name: 'Sunday Morning Worship Night' });
  const more = page.getByRole('button', { name: 'Show more' });
  for (let i = 0; i < 30 && (await seeded.count()) === 0 && (await more.count()) > 0; i += 1) {
    const shown = await list.getByRole('listitem').count();
    await more.click();
    await expect(list.getByRole('listitem')).not.toHaveCount(shown);
  }
  await expect(seeded).toBeVisible();
  await expect(list.getByRole('link', { name: SEEDED_TITLE })).toHaveCount(0);
});

test('a visitor comment waits for a primary contributor, then everyone sees it', async ({ browser, request }) => {
  const storyId = await storyIdByTitle(request, SEEDED_TITLE);
  const text = `Thank you for this study ${Date.now().toString(36)}`;

  // A visitor posts a comment: it is held for moderation, so it is not listed.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/stories/${storyId}`);
  await visitor.getByLabel('Name *').fill('Tabitha');
  await visitor.getByLabel('Comment *').fill(text);
  await visitor.getByRole('button', { name: 'Submit Comment' }).click();
  await expect(visitor.getByText('Comment submitted', { exact: true })).toBeVisible();
  await expect(visitor.getByText('Your comment has been submitted for review.', { exact: true })).toBeVisible();
  await expect(visitor.getByLabel('Comment *')).toHaveValue('');
  await expect(visitor.getByText(text)).toHaveCount(0);

  // A primary contributor, made one by the admin, sees it pending and approves it.
  const contributor = newPerson('Priscilla');
  const contributorContext = await browser.newContext();
  const contributorId = await register(contributorContext.request, contributor);
  const admin = await adminApi(browser);
  const roleChange = await admin.request.post(`/api/admin/users/${contributorId}/role`, {
    data: { role: 'primary_contributor', isApproved: true },
  });
  expect(roleChange.ok()).toBe(true);
  const moderator = await contributorContext.newPage();
  await moderator.goto(`/stories/${storyId}`);
  const pending = moderator.getByRole('listitem', { name: 'Comment by Tabitha' }).filter({ hasText: text });
  await expect(pending.getByText('Pending Approval')).toBeVisible();
  await expect(pending.getByRole('button', { name: /Delete comment/ })).toHaveCount(0);
  await shot(moderator, 'story-comments-moderator');
  await pending.getByRole('button', { name: 'Approve comment by Tabitha' }).click();
  await expect(moderator.getByText('Comment approved', { exact: true })).toBeVisible();
  await expect(pending.getByText('Pending Approval')).toHaveCount(0);

  // The visitor reloads and now sees the comment.
  await visitor.reload();
  const approved = visitor.getByRole('listitem', { name: 'Comment by Tabitha' }).filter({ hasText: text });
  await expect(approved).toBeVisible();
  await expect(approved.getByText('Pending Approval')).toHaveCount(0);
  await expect(approved.getByText('T', { exact: true })).toBeVisible();

  await Promise.all([visitorContext.close(), contributorContext.close(), admin.close()]);
});

test('Copy Link in the share menu puts the story address on the clipboard', async ({ browser, request, baseURL }) => {
  const storyId = await storyIdByTitle(request, SEEDED_TITLE);
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(`/stories/${storyId}`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Copy Link' }).click();
  await expect(page.getByText('Story link copied to clipboard', { exact: true })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${baseURL}/stories/${storyId}`);
  await context.close();
});

test('Auto-Export All is offered to a reviewer, not to a visitor, and exports', async ({ browser, request }) => {
  const storyId = await storyIdByTitle(request, SEEDED_TITLE);
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/stories/${storyId}`);
  await visitor.getByRole('button', { name: 'Share', exact: true }).click();
  // only those who may export are offered it; a visitor keeps the ordinary share links.
  await expect(visitor.getByRole('menuitem', { name: 'Copy Link' })).toBeVisible();
  await expect(visitor.getByRole('menuitem', { name: 'Auto-Export All' })).toHaveCount(0);
  await visitorContext.close();

  const admin = await adminApi(browser);
  const page = await admin.newPage();
  await page.goto(`/stories/${storyId}`);
  const exported = page.waitForResponse((r) => r.url().endsWith(`/api/stories/${storyId}/export`));
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Auto-Export All' }).click();
  const response = await exported;
  expect(response.status()).toBe(200);
  const { message } = (await response.json()) as { message: string };
  await expect(page.getByText('Export queued', { exact: true })).toBeVisible();
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await admin.close();
});

test('a video story embeds its video', async ({ browser, page }) => {
  const admin = await adminApi(browser);
  const created = await admin.request.post('/api/stories', {
    data: {
      title: 'Amazing Grace on the Hillside',
      excerpt: 'Our youth choir sings at sunrise.',
      content: 'Filmed on Easter morning by the youth group.\n\nThank you to everyone who came.',
      category: 'Worship',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      isPublished: true,
      consent: { site: true, social: true, widget: true },
    },
  });
  expect(created.status()).toBe(201);
  const story = (await created.json()) as { id: number; videoUrl: string };
  await admin.close();

  await page.goto(`/stories/${story.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Amazing Grace on the Hillside' })).toBeVisible();
  await expect(page.getByText('Video Story', { exact: true })).toBeVisible();
  const frame = page.locator('iframe[title="Video: Amazing Grace on the Hillside"]');
  await expect(frame).toHaveAttribute('src', story.videoUrl);
  expect(story.videoUrl).toContain('/embed/dQw4w9WgXcQ');
  await expect(frame).toHaveAttribute('allow', /fullscreen/);
  await shot(page, 'story-video');
});

test('the help centre sends a message', async ({ page }) => {
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  await expect(page.getByText('Within 24 hours', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /@/ })).toBeVisible();
  await shot(page, 'help');

  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible();

  await page.getByLabel('Email Address *').fill('visitor@example.test');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Technical Support' }).click();
  await page.getByLabel('Subject *').fill('The video does not play');
  await page.getByLabel('Message *').fill('On my phone the video on the worship story stays black.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message Sent', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Subject *')).toHaveValue('');

  await page.getByText('Why is my account pending approval?').click();
  await expect(page.getByText(/All new accounts require approval/)).toBeVisible();
});

test.describe('reading screens have no serious accessibility problems', () => {
  async function seriousViolations(page: Page) {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  test('Home, a story with its comments, and the help centre', async ({ page }) => {
    await register(page.request, newPerson('Lois'));
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'All Stories' }).getByRole('listitem').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Other specs publish stories too, so the seeded one may no longer be on Home's first page.
    await page.goto(`/stories/${await storyIdByTitle(page.request, SEEDED_TITLE)}`);
    await expect(page.getByRole('heading', { level: 1, name: SEEDED_TITLE })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Comments/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
