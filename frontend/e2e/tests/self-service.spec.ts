import { readFileSync } from 'node:fs';
import { expect, request as playwrightRequest, test, type Browser, type Page } from '@playwright/test';
import { linkIn, waitForMail } from '../lib/mail-sink.mjs';
import { ADMIN_PASSWORD, RESET_PASSWORD, USER_PASSWORD } from '../lib/secrets.mjs';

// Accounts self-service: mail is read from the SMTP sink the global setup starts.

type Person = { firstName: string; lastName: string; username: string; email: string };

function newPerson(first: string): Person {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    firstName: first,
    lastName: `Tester${tag}`,
    username: `${first.toLowerCase()}${tag}`,
    email: `${first.toLowerCase()}.${tag}@example.test`,
  };
}

const baseURL = () => process.env.E2E_BASE_URL ?? '';

/**
 * Registers through the API (in a context of its own) and returns the new account's id. Sign-up
 * signs in; that session is signed out again, so the account's session list holds only the tests'.
 */
async function register(person: Person): Promise<string> {
  const api = await playwrightRequest.newContext({ baseURL: baseURL() });
  try {
    const response = await api.post('/api/register', { data: { ...person, password: USER_PASSWORD } });
    expect(response.status()).toBe(201);
    const body = (await response.json()) as { user: { id: string } };
    expect((await api.post('/api/logout')).status()).toBe(200);
    return body.user.id;
  } finally {
    await api.dispose();
  }
}

/** A registered person the super admin has approved as a member (so My Dashboard opens). */
async function approvedMember(first: string): Promise<Person> {
  const person = newPerson(first);
  const id = await register(person);
  const admin = await playwrightRequest.newContext({ baseURL: baseURL() });
  try {
    expect(
      (await admin.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } })).status(),
    ).toBe(200);
    const approved = await admin.post(`/api/admin/users/${id}/role`, { data: { role: 'member', isApproved: true } });
    expect(approved.status()).toBe(200);
  } finally {
    await admin.dispose();
  }
  return person;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
}

async function signInFails(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page.getByText('401: Invalid email or password', { exact: true })).toBeVisible();
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function openMyDashboardTab(page: Page, tab: 'Profile Settings' | 'Security' | 'API Tokens') {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

test('forgot password: the mailed link sets a new password and signs in; the old one fails', async ({
  browser,
  page,
}) => {
  const person = newPerson('Martha');
  await register(person);
  const since = Date.now();

  await page.goto('/auth');
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that e-mail address/)).toBeVisible();

  const mail = await waitForMail(person.email, /reset|password/i, { since });
  const link = linkIn(mail.text, `${baseURL()}/reset-password?token=`);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill(RESET_PASSWORD);
  await page.getByLabel('Confirm New Password').fill(RESET_PASSWORD);
  await page.getByRole('button', { name: 'Set New Password' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: `Welcome back, ${person.firstName}` })).toBeVisible();
  await expect(page.getByText('Member (Pending)', { exact: true })).toBeVisible();

  // The link works once.
  const again = await newPage(browser);
  try {
    await again.goto(link);
    await again.getByLabel('New Password', { exact: true }).fill(RESET_PASSWORD);
    await again.getByLabel('Confirm New Password').fill(RESET_PASSWORD);
    await again.getByRole('button', { name: 'Set New Password' }).click();
    await expect(
      again.getByRole('heading', { level: 1, name: 'This reset link is invalid or has expired' }),
    ).toBeVisible();

    await signInFails(again, person.email, USER_PASSWORD);
    await signIn(again, person.email, RESET_PASSWORD);
  } finally {
    await again.context().close();
  }
});

test('sign up mails a verification link that verifies the address', async ({ page }) => {
  const person = newPerson('Dorcas');
  const since = Date.now();
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('First Name').fill(person.firstName);
  await page.getByLabel('Last Name').fill(person.lastName);
  await page.getByLabel('Username').fill(person.username);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created!', { exact: true })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting Approval' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification e-mail' })).toBeVisible();

  const mail = await waitForMail(person.email, /verif|confirm/i, { since });
  await page.goto(linkIn(mail.text, `${baseURL()}/verify-email?token=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to my dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Awaiting Approval' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification e-mail' })).toHaveCount(0);
});

test('a member edits the profile', async ({ page }) => {
  const person = await approvedMember('Tabitha');
  await signIn(page, person.email, USER_PASSWORD);
  await openMyDashboardTab(page, 'Profile Settings');
  await expect(page.getByLabel('Email', { exact: true })).toHaveText(person.email);

  const first = page.getByLabel('First Name');
  await first.fill('Dorcas');
  await page.getByLabel('Username').fill(`${person.username}x`);
  await page.getByLabel('Profile Image URL').fill('http://example.test/me.png');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile image must be an https:// address')).toBeVisible();
  await page.getByLabel('Profile Image URL').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated', { exact: true })).toBeVisible();
  await expect(page.getByText('Welcome back, Dorcas!')).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Profile Settings' }).click();
  await expect(page.getByLabel('First Name')).toHaveValue('Dorcas');
  await expect(page.getByLabel('Username')).toHaveValue(`${person.username}x`);
});

test('the Security tab signs out another session', async ({ browser, page }) => {
  const person = await approvedMember('Lois');
  await signIn(page, person.email, USER_PASSWORD);
  const other = await newPage(browser);
  try {
    await signIn(other, person.email, USER_PASSWORD);

    await openMyDashboardTab(page, 'Security');
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('This device')).toHaveCount(1);
    const otherRow = sessions.getByRole('listitem').filter({ hasNotText: 'This device' });
    await expect(otherRow).toContainText('127.0.0.1');
    await otherRow.getByRole('button', { name: /^Sign out / }).click();
    await expect(page.getByText('Session signed out', { exact: true })).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    expect((await other.request.get('/api/user')).status()).toBe(401);
    await other.goto('/');
    await expect(other.getByRole('link', { name: 'Sign In' })).toBeVisible();
    // This session is untouched.
    expect((await page.request.get('/api/user')).status()).toBe(200);
  } finally {
    await other.context().close();
  }
});

test('a member downloads their data', async ({ page }) => {
  const person = await approvedMember('Junia');
  await signIn(page, person.email, USER_PASSWORD);
  await openMyDashboardTab(page, 'Profile Settings');
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^grace-stories-account-\d{4}-\d{2}-\d{2}\.json$/);
  const file = await download.path();
  const data = JSON.parse(readFileSync(file, 'utf8')) as { account?: { email?: string } };
  expect(data.account?.email).toBe(person.email);
});

test('a member deletes their account, which then cannot sign in', async ({ browser, page }) => {
  const person = await approvedMember('Demas');
  await signIn(page, person.email, USER_PASSWORD);
  await openMyDashboardTab(page, 'Profile Settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const submit = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Delete my stories too').check();
  await dialog.getByLabel('Password', { exact: true }).fill(USER_PASSWORD);
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await submit.click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Account deleted', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  const again = await newPage(browser);
  try {
    await signInFails(again, person.email, USER_PASSWORD);
  } finally {
    await again.context().close();
  }
});

test('Google does not take over a local account whose e-mail nobody verified', async ({ page }) => {
  // The attacker signs up first with the address the provider will vouch for (login `x` → x@example.test).
  const login = `victim${Date.now().toString(36)}`;
  const attacker = {
    firstName: 'Mallory',
    lastName: 'Attacker',
    username: `mallory${login}`,
    email: `${login}@example.test`,
  };
  await register(attacker);

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any-password');
  await page.locator('button[type=submit]').click();
  await page.locator('button[type=submit]').click();

  await expect(page).toHaveURL(/\/auth\?error=google-account-exists$/);
  await expect(page.getByText('Google sign-in failed', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      "An account with this e-mail address already exists. Sign in with your password, or use 'Forgot password?' to reset it.",
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  expect((await page.request.get('/api/user')).status()).toBe(401);
});

test('a member makes an API token that a program uses, then revokes it', async ({ page }) => {
  const person = await approvedMember('Priscilla');
  await signIn(page, person.email, USER_PASSWORD);
  await openMyDashboardTab(page, 'API Tokens');
  await page.getByLabel('Token name').fill('Bible study app');
  await page.getByLabel('Your password').fill(USER_PASSWORD);
  await page.getByRole('button', { name: 'Create Token' }).click();
  const shown = page.getByLabel('Your new API token');
  await expect(shown).toHaveValue(/^gst_[0-9a-f]{64}$/);
  const token = await shown.inputValue();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('listitem', { name: 'Bible study app' })).toContainText('Read only');

  // A program with no cookie at all: the token alone says who it is; a read token only reads.
  const program = await playwrightRequest.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  try {
    const me = await program.get('/api/user');
    expect(me.status()).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe(person.email);
    const write = await program.post('/api/stories', {
      data: { title: 'From a script', content: 'Words', category: 'Worship', isPublished: false },
    });
    expect(write.status()).toBe(403);

    await openMyDashboardTab(page, 'API Tokens');
    await expect(page.getByRole('listitem', { name: 'Bible study app' })).toContainText('last used');
    await page.getByRole('button', { name: 'Revoke Bible study app' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByText('API token revoked', { exact: true })).toBeVisible();
    await expect(page.getByText('You have no API tokens.')).toBeVisible();
    expect((await program.get('/api/user')).status()).toBe(401);
  } finally {
    await program.dispose();
  }
});
