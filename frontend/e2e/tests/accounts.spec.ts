import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ADMIN_PASSWORD, NEW_ADMIN_PASSWORD, USER_PASSWORD } from '../lib/secrets.mjs';
import { openAdminScreen } from '../lib/admin-area';

type Person = { firstName: string; lastName: string; username: string; email: string };

/** A person nobody has registered yet in this run. */
function newPerson(first: string): Person {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    firstName: first,
    lastName: `Tester${tag}`,
    username: `${first.toLowerCase()}${tag}`,
    email: `${first.toLowerCase()}.${tag}@example.test`,
  };
}

const nameOf = (p: Person) => `${p.firstName} ${p.lastName}`;

async function registerThroughApi(request: APIRequestContext, person: Person) {
  const response = await request.post('/api/register', { data: { ...person, password: USER_PASSWORD } });
  expect(response.status()).toBe(201);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function adminSignIn(page: Page, password = ADMIN_PASSWORD) {
  await page.goto('/admin-login');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function openAdminDashboard(page: Page) {
  await adminSignIn(page);
  await expect(page.getByText('Welcome back, Super Administrator!', { exact: true })).toBeVisible();
  // /dashboard opens the super admin's first admin screen.
  await expect(page).toHaveURL(/\/dashboard\/people\/pending$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

test('a new account signs up in the browser and waits for approval', async ({ page }) => {
  const person = newPerson('Hannah');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Join Our Community' })).toBeVisible();
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText('Account created!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Member (Pending)', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  // The session survives a reload.
  await page.reload();
  await expect(page.getByText('Member (Pending)', { exact: true })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting Approval' })).toBeVisible();
  await expect(page.getByText('Member - Pending', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Account menu for ${nameOf(person)}` }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('a signed-out visit to /dashboard says Unauthorized and goes to sign in', async ({ page }) => {
  // The toast itself lasts only the 500 ms before the redirect; the screen tests check its text.
  const toLogin = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/login');
  await page.goto('/dashboard');
  await toLogin;
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
});

test('a wrong password is refused with Login failed', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('nobody@example.test');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page.getByText('401: Invalid email or password', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the super admin approves a pending member, who then reaches My Dashboard', async ({ browser, page, request }) => {
  const person = newPerson('Lydia');
  await registerThroughApi(request, person);

  await openAdminDashboard(page);
  const row = page.getByRole('list', { name: 'Pending users' }).getByRole('listitem', { name: nameOf(person) });
  await expect(row).toContainText(person.email);
  await expect(row.getByRole('combobox', { name: `Role for ${nameOf(person)}` })).toHaveText('Member');
  // The address was never verified: approving asks first.
  await row.getByRole('button', { name: 'Approve' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Approve without a verified e-mail?' });
  await expect(warning).toContainText(person.email);
  await warning.getByRole('button', { name: 'Approve anyway' }).click();
  await expect(page.getByText('User role updated successfully', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);

  const member = await newPage(browser);
  await signIn(member, person.email, USER_PASSWORD);
  await expect(member.getByText('Member', { exact: true })).toBeVisible();
  const dashboardLink = member.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' });
  await expect(dashboardLink).toBeVisible();
  await dashboardLink.click();
  await expect(member.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
  await member.context().close();
});

test('the super admin changes a role and deletes a user in All Users', async ({ page, request }) => {
  const promoted = newPerson('Priscilla');
  const removed = newPerson('Demas');
  await registerThroughApi(request, promoted);
  await registerThroughApi(request, removed);

  await openAdminDashboard(page);
  await openAdminScreen(page, 'All Users');
  const users = page.getByRole('list', { name: 'All users' });

  const self = users.getByRole('listitem').filter({ hasText: 'You' });
  await expect(self.getByRole('combobox')).toBeDisabled();

  const promotedRow = users.getByRole('listitem', { name: nameOf(promoted) });
  await promotedRow.getByRole('combobox', { name: `Role for ${nameOf(promoted)}` }).click();
  await page.getByRole('option', { name: 'Primary Contributor' }).click();
  await expect(page.getByText('User role updated successfully', { exact: true })).toBeVisible();
  await expect(promotedRow.getByRole('combobox')).toHaveText('Primary Contributor');
  await expect(promotedRow).toContainText('Pending');

  const removedRow = users.getByRole('listitem', { name: nameOf(removed) });
  await removedRow.getByRole('button', { name: `Delete ${nameOf(removed)}` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete user?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('User deleted successfully', { exact: true })).toBeVisible();
  await expect(removedRow).toHaveCount(0);

  // The role change and the deletion are on the server, not only on screen.
  await page.reload();
  // All Users has its own address, so the reload opens it again.
  await expect(page).toHaveURL(/\/dashboard\/people\/all$/);
  await expect(users.getByRole('listitem', { name: nameOf(promoted) }).getByRole('combobox')).toHaveText(
    'Primary Contributor',
  );
  await expect(users.getByRole('listitem', { name: nameOf(removed) })).toHaveCount(0);
});

test('the super admin changes the password and signs in with the new one', async ({ browser, page }) => {
  await openAdminDashboard(page);
  await openAdminScreen(page, 'Change Password');
  await expect(page.getByLabel('Username')).toHaveValue('admin');

  const change = async (target: Page, current: string, next: string) => {
    await target.getByLabel('Current Password').fill(current);
    await target.getByLabel('New Password', { exact: true }).fill(next);
    await target.getByLabel('Confirm New Password').fill(next);
    await target.getByRole('button', { name: 'Change Password' }).click();
    await expect(target.getByText('Password changed successfully', { exact: true })).toBeVisible();
  };

  await change(page, ADMIN_PASSWORD, NEW_ADMIN_PASSWORD);
  const again = await newPage(browser);
  try {
    await adminSignIn(again, ADMIN_PASSWORD);
    await expect(again.getByRole('alert').filter({ hasText: 'Invalid credentials' })).toBeVisible();

    await adminSignIn(again, NEW_ADMIN_PASSWORD);
    await expect(again).toHaveURL(/\/dashboard\/people\/pending$/);
    await expect(again.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  } finally {
    // Other tests sign in with the harness password: put it back.
    await change(page, NEW_ADMIN_PASSWORD, ADMIN_PASSWORD);
    await again.context().close();
  }
});

test('Continue with Google signs a new person in as a pending member', async ({ page }) => {
  const login = `naomi${Date.now().toString(36)}`;
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  // The local OpenID Connect provider's development login and consent pages.
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any-password');
  await page.locator('button[type=submit]').click();
  await page.locator('button[type=submit]').click();

  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByText('Member (Pending)', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /account menu for/ }).click();
  await expect(page.getByRole('menu')).toContainText(`${login}@example.test`);
});

test('a Google sign-in that comes back without a code is explained on /auth', async ({ page }) => {
  await page.goto('/api/auth/google/callback?error=access_denied');
  await expect(page).toHaveURL(/\/auth\?error=google-/);
  await expect(page.getByText('Google sign-in failed', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
});
