import { expect, request as apiRequest, test, type APIRequestContext, type Browser } from '@playwright/test';
import { ADMIN_PASSWORD, USER_PASSWORD } from '../lib/secrets.mjs';
import { openAdminScreen } from '../lib/admin-area';

// the reviewer's comment queue, comparing and rejecting an edit, and Unpublish from the story page.

async function ok<T = unknown>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.ok(), `${what}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** An API context signed in as the super admin. */
async function adminApi() {
  const api = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  await ok(
    await api.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } }),
    'admin login',
  );
  return api;
}

/** Registers an approved regular contributor and returns an API context signed in as them. */
async function authorApi(admin: APIRequestContext) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `lydia.${tag}@example.test`;
  const api = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { user } = await ok<{ user: { id: string } }>(
    await api.post('/api/register', {
      data: { firstName: 'Lydia', lastName: `Author${tag}`, username: `lydia${tag}`, email, password: USER_PASSWORD },
    }),
    'register',
  );
  await ok(
    await admin.post(`/api/admin/users/${user.id}/role`, { data: { role: 'regular_contributor', isApproved: true } }),
    'role',
  );
  await ok(await api.post('/api/login', { data: { email, password: USER_PASSWORD } }), 'login');
  return { api, email };
}

async function liveStory(author: APIRequestContext, admin: APIRequestContext, title: string): Promise<number> {
  const { id } = await ok<{ id: number }>(
    await author.post('/api/stories', {
      data: {
        title,
        content: `${title}: it began on a quiet morning.`,
        category: 'Testimonies',
        isPublished: true,
        consent: { site: true, social: true, widget: true },
      },
    }),
    'create',
  );
  await ok(await admin.post(`/api/admin/stories/${id}/approve`), 'approve');
  return id;
}

async function superAdminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await ok(
    await page.request.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } }),
    'login',
  );
  return page;
}

test('a reviewer approves three comments across two stories from the comment queue', async ({ browser }) => {
  const admin = await adminApi();
  const { api: author } = await authorApi(admin);
  const first = await liveStory(author, admin, `Queue One ${Date.now()}`);
  const second = await liveStory(author, admin, `Queue Two ${Date.now()}`);
  const names = [`Ann${Date.now()}`, `Ben${Date.now()}`, `Cy${Date.now()}`];
  const visitor = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  for (const [storyId, name] of [
    [first, names[0]],
    [second, names[1]],
    [first, names[2]],
  ] as const) {
    await ok(
      await visitor.post(`/api/stories/${storyId}/comments`, {
        data: { authorName: name, content: `Thank you, from ${name}` },
      }),
      'comment',
    );
  }

  const page = await superAdminPage(browser);
  await page.goto('/admin');
  await openAdminScreen(page, 'Pending Comments');
  const queue = page.getByRole('list', { name: 'Pending comments' });
  for (const name of names)
    await queue.getByRole('checkbox', { name: new RegExp(`Select comment by ${name} `) }).check();
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await expect(page.getByText('3 comments approved', { exact: true })).toBeVisible();
  for (const name of names) await expect(queue.getByText(`Thank you, from ${name}`)).toHaveCount(0);

  const comments = await ok<{ authorName: string }[]>(await visitor.get(`/api/stories/${first}/comments`), 'comments');
  expect(comments.map((c) => c.authorName).sort()).toEqual([names[0], names[2]].sort());
  await page.context().close();
  await Promise.all([admin.dispose(), author.dispose(), visitor.dispose()]);
});

test('a reviewer rejects an edit (the live story stays) and unpublishes another story with a reason', async ({
  browser,
}) => {
  const admin = await adminApi();
  const { api: author, email } = await authorApi(admin);
  const title = `Edited ${Date.now()}`;
  const edited = await liveStory(author, admin, title);
  await ok(
    await author.put(`/api/stories/${edited}`, {
      data: {
        title: `${title} (revised)`,
        content: `${title}: it began on a bright morning.`,
        category: 'Testimonies',
        isPublished: true,
        consent: { site: true, social: true, widget: true },
      },
    }),
    'edit',
  );
  const doomedTitle = `Taken Down ${Date.now()}`;
  const doomed = await liveStory(author, admin, doomedTitle);

  const page = await superAdminPage(browser);
  await page.goto('/admin');
  // Edits wait in their own queue, and only new stories can be deleted from the queue.
  await openAdminScreen(page, 'Edits');
  const row = page
    .getByRole('list', { name: 'Edits waiting for review' })
    .getByRole('listitem', { name: title, exact: true });
  await expect(row).toContainText('Changes: Title, Content');
  await expect(row).toContainText(/waiting less than a minute|waiting \d+ minutes?/);
  await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await row.getByRole('button', { name: /^Compare/ }).click();
  const compare = page.getByRole('dialog', { name: 'Compare edit' });
  const content = compare.getByRole('region', { name: 'Content' });
  await expect(content.getByRole('deletion')).toHaveText(/quiet/);
  await expect(content.getByRole('insertion')).toHaveText(/bright/);
  await expect(compare.getByRole('region', { name: 'Title' }).getByRole('insertion')).toHaveText(/revised/);
  await compare.getByRole('button', { name: 'Reject edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject edit' });
  await expect(dialog).toContainText('The live story stays; only this edit is discarded.');
  await dialog.getByRole('button', { name: 'Reject Edit' }).click();
  await expect(page.getByText('Edit rejected', { exact: true })).toBeVisible();
  await expect(compare).toHaveCount(0);
  await expect(row).toHaveCount(0);
  const visitor = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const live = await ok<{ title: string; content: string }>(await visitor.get(`/api/stories/${edited}`), 'live story');
  expect(live.title).toBe(title);
  expect(live.content).toContain('quiet morning');

  await page.goto(`/stories/${doomed}`);
  await page.getByRole('button', { name: 'Moderate' }).click();
  await page.getByRole('menuitem', { name: 'Unpublish' }).click();
  const reason = 'Please add where the quotation comes from.';
  await page.getByLabel('Reason *').fill(reason);
  await page.getByRole('dialog').getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByText(`Not published: ${reason}`)).toBeVisible();
  expect((await visitor.get(`/api/stories/${doomed}`)).status()).toBe(404);

  // The author sees the reason on the story.
  const authorContext = await browser.newContext();
  const authorPage = await authorContext.newPage();
  await ok(await authorPage.request.post('/api/login', { data: { email, password: USER_PASSWORD } }), 'author login');
  await authorPage.goto(`/stories/${doomed}`);
  await expect(authorPage.getByText(`Not published: ${reason}`)).toBeVisible();
  await expect(authorPage.getByRole('heading', { level: 1, name: doomedTitle })).toBeVisible();
  // ... and on their own dashboard, under the story.
  await authorPage.goto('/dashboard');
  const mine = authorPage
    .getByRole('list', { name: 'My stories' })
    .getByRole('listitem', { name: doomedTitle, exact: true });
  await expect(mine.getByText(`Reason: ${reason}`)).toBeVisible();

  await Promise.all([
    page.context().close(),
    authorContext.close(),
    admin.dispose(),
    author.dispose(),
    visitor.dispose(),
  ]);
});
