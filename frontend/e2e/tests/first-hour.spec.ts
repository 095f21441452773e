// through the real server: Sign Up opens sign-up, a draft shows its
// banner and no comment form to its author, and the super admin suspends and reinstates a person.
import { expect, request as apiRequest, test, type Browser, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, USER_PASSWORD } from '../lib/secrets.mjs';
import { openAdminScreen } from '../lib/admin-area';

type Person = { id: string; firstName: string; lastName: string; email: string };

/** An approved account with `role`, registered and approved through the API. */
async function approvedAccount(first: string, role: string): Promise<Person> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const person = {
    firstName: first,
    lastName: `Hour${tag}`,
    username: `${first.toLowerCase()}${tag}`,
    email: `${first.toLowerCase()}.${tag}@example.test`,
  };
  const api = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const registered = await api.post('/api/register', { data: { ...person, password: USER_PASSWORD } });
    expect(registered.status()).toBe(201);
    const { user } = (await registered.json()) as { user: { id: string } };
    expect((await api.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } })).ok()).toBe(
      true,
    );
    expect((await api.post(`/api/admin/users/${user.id}/role`, { data: { role, isApproved: true } })).status()).toBe(
      200,
    );
    return { id: user.id, firstName: person.firstName, lastName: person.lastName, email: person.email };
  } finally {
    await api.dispose();
  }
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const response = await page.request.post('/api/login', { data: { email, password: USER_PASSWORD } });
  expect(response.ok()).toBe(true);
  return page;
}

test('Sign Up in the header opens /auth in sign-up mode; Sign In in sign-in mode', async ({ page }) => {
  await page.goto('/help');
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Join Our Community' })).toBeVisible();
  await page.goto('/help');
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
});

test('a draft shows its author a banner and no comment form', async ({ browser }) => {
  const author = await approvedAccount('Phoebe', 'regular_contributor');
  const page = await signedInPage(browser, author.email);
  const created = await page.request.post('/api/stories', {
    data: {
      title: 'Letters from Cenchreae',
      excerpt: null,
      content: 'A story still being written.',
      videoUrl: null,
      thumbnailUrl: null,
      category: 'Testimonies',
      isPublished: false,
      authorId: author.id,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/stories/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Letters from Cenchreae' })).toBeVisible();
  await expect(page.getByText('Draft — only you and moderators can see this', { exact: true })).toBeVisible();
  await expect(page.getByText('Comments open once the story is published.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Comment' })).toHaveCount(0);
  await page.context().close();
});

test('the super admin suspends a person, whose session ends at once, and reinstates them', async ({
  page,
  browser,
}) => {
  const person = await approvedAccount('Demas', 'member');
  const name = `${person.firstName} ${person.lastName}`;
  const theirs = await signedInPage(browser, person.email);
  expect((await theirs.request.get('/api/user')).status()).toBe(200);

  expect(
    (await page.request.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } })).ok(),
  ).toBe(true);
  await page.goto('/dashboard');
  await openAdminScreen(page, 'All Users');
  const row = page.getByRole('list', { name: 'All users' }).getByRole('listitem', { name });
  await row.getByRole('button', { name: `Suspend ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Suspend ${name}?` });
  await dialog.getByLabel('Reason *').fill('Posted the same advert under every story');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('User suspended', { exact: true })).toBeVisible();
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();
  await expect(row.getByText('Posted the same advert under every story')).toBeVisible();

  // Their open session is over, and signing in again is refused with the reason.
  expect((await theirs.request.get('/api/user')).status()).toBe(401);
  const again = await theirs.request.post('/api/login', { data: { email: person.email, password: USER_PASSWORD } });
  expect(again.status()).toBe(403);
  expect(((await again.json()) as { message: string }).message).toContain('Posted the same advert under every story');

  await row.getByRole('button', { name: `Reinstate ${name}` }).click();
  await expect(page.getByText('User reinstated', { exact: true })).toBeVisible();
  await expect(row.getByText('Approved', { exact: true })).toBeVisible();
  expect(
    (await theirs.request.post('/api/login', { data: { email: person.email, password: USER_PASSWORD } })).ok(),
  ).toBe(true);
  await theirs.context().close();
});
