import {
  expect,
  request as apiRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { ADMIN_PASSWORD, USER_PASSWORD } from '../lib/secrets.mjs';
import { openAdminScreen } from '../lib/admin-area';

// Long unbroken words (a 250-character title, pasted URLs, a 100-character name) must wrap,
// never widen a page or push a dialog's buttons off a phone's screen. Also: the review queue's
// titles open the unpublished story, and the super admin's Logout lands on the signed-out page.
test.describe.configure({ timeout: 120_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

type Person = { firstName: string; lastName: string; username: string; email: string };

function newPerson(first: string): Person {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    firstName: first,
    lastName: `Wide${tag}`,
    username: `${first.toLowerCase()}${tag}`,
    email: `${first.toLowerCase()}.${tag}@example.test`,
  };
}

async function adminApi(): Promise<APIRequestContext> {
  const context = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const login = await context.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
  expect(login.status()).toBe(200);
  return context;
}

/** A fresh API session registered as `person`, approved with `role` by the super admin. */
async function approvedAccount(admin: APIRequestContext, person: Person, role: string): Promise<APIRequestContext> {
  const context = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const registered = await context.post('/api/register', { data: { ...person, password: USER_PASSWORD } });
  expect(registered.status()).toBe(201);
  const { user } = (await registered.json()) as { user: { id: string } };
  const changed = await admin.post(`/api/admin/users/${user.id}/role`, { data: { role, isApproved: true } });
  expect(changed.status()).toBe(200);
  return context;
}

/** A phone-sized page signed in with the given API session's cookies. */
async function pageFor(browser: Browser, session: APIRequestContext | null): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    storageState: session ? await session.storageState() : undefined,
  });
  return context.newPage();
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what}: page width ${scrollWidth} px in a ${innerWidth} px window`).toBeLessThanOrEqual(
    innerWidth,
  );
}

async function expectInViewport(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box!.y + box!.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height);
}

/** Full-page screenshots for review, only when E2E_SCREENSHOTS names a folder. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('long words wrap on the story page, Home and the review queues of a phone', async ({ browser }) => {
  const admin = await adminApi();
  const writer = newPerson('Jehoshaphat');
  const reviewer = newPerson('Zerubbabel');
  const author = await approvedAccount(admin, writer, 'regular_contributor');
  const subAdmin = await approvedAccount(admin, reviewer, 'sub_admin');

  const title = `Hallelujah${writer.lastName}`.padEnd(250, 'Hallelujah');
  const url = `https://example.org/${'a'.repeat(300)}`;
  const created = await author.post('/api/stories', {
    data: {
      title,
      excerpt: `Excerpt ${url.slice(0, 180)}`,
      content: `See ${url} for details.`,
      category: 'Testimonies',
      isPublished: true,
      consent: { site: true, social: true, widget: true },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, status } = (await created.json()) as { id: number; status: string };
  expect(status).toBe('pending_approval');
  expect(title).toHaveLength(250);

  // The server shows the unpublished story to a reviewer, and to nobody else.
  expect((await subAdmin.get(`/api/stories/${id}`)).status()).toBe(200);
  const visitorApi = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  expect((await visitorApi.get(`/api/stories/${id}`)).status()).toBe(404);

  // Sub admin's queue on a phone: the row wraps and its buttons stay on screen; the title opens the story.
  const sub = await pageFor(browser, subAdmin);
  await sub.goto('/dashboard');
  const queued = sub.getByRole('list', { name: 'Pending stories' }).getByRole('listitem', { name: title });
  await expect(queued).toBeVisible();
  await expectNoSidewaysScroll(sub, 'sub admin review queue');
  for (const name of ['Approve', 'Reject', 'Delete']) {
    await queued.getByRole('button', { name }).scrollIntoViewIfNeeded();
    await expectInViewport(sub, queued.getByRole('button', { name }), `queue ${name}`);
  }
  await shot(sub, 'layout-sub-admin-queue-phone');
  await queued.getByRole('link', { name: title }).click();
  await expect(sub).toHaveURL(new RegExp(`/stories/${id}$`));
  await expect(sub.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Super admin's Pending Stories tab on a phone.
  const boss = await pageFor(browser, admin);
  await boss.goto('/dashboard');
  await openAdminScreen(boss, 'Pending Stories');
  const staged = boss.getByRole('list', { name: 'Pending stories' }).getByRole('listitem', { name: title });
  await expect(staged).toBeVisible();
  await expectNoSidewaysScroll(boss, 'super admin Pending Stories');
  for (const name of ['Approve', 'Reject', 'Delete']) {
    await staged.getByRole('button', { name }).scrollIntoViewIfNeeded();
    await expectInViewport(boss, staged.getByRole('button', { name }), `super admin queue ${name}`);
  }
  await expect(staged.getByRole('link', { name: title })).toHaveAttribute('href', `/stories/${id}`);
  await shot(boss, 'layout-super-admin-queue-phone');

  // Publish it, and a visitor leaves a comment under a 100-character name without spaces.
  expect((await admin.post(`/api/admin/stories/${id}/approve`)).status()).toBe(200);
  const commenter = 'N'.repeat(100);
  const comment = await visitorApi.post(`/api/stories/${id}/comments`, {
    data: { authorName: commenter, authorEmail: null, content: `Amen! ${url}` },
  });
  expect(comment.status(), await comment.text()).toBe(201);

  // The story page, for the moderator (who sees the pending comment and its Delete) and a visitor.
  await sub.goto(`/stories/${id}`);
  await expect(sub.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const item = sub.getByRole('listitem', { name: `Comment by ${commenter}` });
  await expect(item).toBeVisible();
  await expectNoSidewaysScroll(sub, 'story page (moderator)');
  await shot(sub, 'layout-story-phone');
  await item.getByRole('button', { name: `Delete comment by ${commenter}` }).click();
  const confirm = sub.getByRole('alertdialog');
  await expect(confirm).toContainText(commenter);
  await expectInViewport(sub, confirm, 'delete dialog');
  await expectInViewport(sub, confirm.getByRole('button', { name: 'Delete' }), 'dialog Delete');
  await expectInViewport(sub, confirm.getByRole('button', { name: 'Cancel' }), 'dialog Cancel');
  await shot(sub, 'layout-comment-delete-phone');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);

  // Home (signed in) and the landing page (signed out) list the newest stories, ours among them.
  const member = await pageFor(browser, author);
  await member.goto('/');
  await expect(member.getByRole('list', { name: 'All Stories' }).getByRole('link', { name: title })).toBeVisible();
  await expectNoSidewaysScroll(member, 'Home');
  await shot(member, 'layout-home-phone');

  const visitor = await pageFor(browser, null);
  await visitor.goto(`/stories/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoSidewaysScroll(visitor, 'story page (visitor)');
  await visitor.goto('/');
  await expect(visitor.locator('#stories').getByRole('link', { name: title })).toBeVisible();
  await expectNoSidewaysScroll(visitor, 'landing page');

  // The same pages at desktop width.
  await visitor.setViewportSize(DESKTOP);
  await expectNoSidewaysScroll(visitor, 'landing page (desktop)');
  await visitor.goto(`/stories/${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoSidewaysScroll(visitor, 'story page (desktop)');

  for (const p of [sub, boss, member, visitor]) await p.context().close();
  await Promise.all([admin.dispose(), author.dispose(), subAdmin.dispose(), visitorApi.dispose()]);
});

test("the super admin's Logout lands on the signed-out landing page", async ({ browser }) => {
  for (const via of ['header', 'site settings'] as const) {
    const page = await (await browser.newContext()).newPage();
    await page.goto('/admin-login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
    if (via === 'header') {
      await page.getByRole('button', { name: 'Logout', exact: true }).click();
    } else {
      await openAdminScreen(page, 'Site Settings');
      await page.getByRole('button', { name: 'Admin Logout' }).click();
    }
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Featured Stories' })).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('adminUser'))).toBeNull();
    await page.context().close();
  }
});
