// The admin area's map: every screen has an address that opens it (a link in a mail, a
// bookmark), the sidebar moves between them as real navigations (so Back and Forward work),
// a sub admin and a primary contributor see only their own sections, and on a 390 px phone the
// sections are in a menu. With ADMIN_AREA_SHOTS=<dir> it also saves screenshots at 1280 and 390 px.
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { approvedAccount, newPerson, register, signIn, signInAdmin } from '../lib/people';

const SCREENS = [
  ['/dashboard/people/pending', 'Pending Users'],
  ['/dashboard/people/all', 'All Users'],
  ['/dashboard/moderation/stories', 'Pending Stories'],
  ['/dashboard/moderation/edits', 'Edits'],
  ['/dashboard/moderation/comments', 'Pending Comments'],
  ['/dashboard/content/tools', 'Content Management'],
  ['/dashboard/mail/help-inbox', 'Help Inbox'],
  ['/dashboard/mail/outbox', 'Mail Outbox'],
  ['/dashboard/mail/social', 'Social Posts'],
  ['/dashboard/mail/subscribers', 'Subscribers'],
  ['/dashboard/site/settings', 'Site Settings'],
  ['/dashboard/site/backups', 'Backups'],
  ['/dashboard/site/tokens', 'API Tokens'],
  ['/dashboard/site/activity', 'Activity Log'],
  ['/dashboard/site/password', 'Change Password'],
] as const;

const PHONE = { width: 390, height: 844 };
const shots = process.env.ADMIN_AREA_SHOTS;

async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: path.resolve(shots, `${name}.png`), fullPage: true });
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Admin sections' });
}

/** The screen shown: its region, named like its link, and its link marked as the current page. */
async function expectScreen(page: Page, address: string, label: string) {
  await expect(page).toHaveURL(new RegExp(`${address.replaceAll('/', '\\/')}$`));
  const region = page.getByRole('region', { name: label, exact: true });
  await expect(region).toBeVisible();
  await expect(region.getByRole('heading', { level: 2, name: label, exact: true })).toBeVisible();
}

async function expectCurrentLink(page: Page, label: string) {
  const current = sidebar(page).locator('a[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAccessibleName(new RegExp(`^${label}( \\d+ (waiting|open|failed))?$`));
}

/** The sections shown, as "Section: link, link" (link names without their counts). */
async function sections(page: Page): Promise<string[]> {
  return sidebar(page)
    .getByRole('list')
    .evaluateAll((lists) =>
      lists.map((list) => {
        const title = document.getElementById(list.getAttribute('aria-labelledby') ?? '')?.textContent ?? '';
        const links = Array.from(list.querySelectorAll('a')).map(
          (a) => a.querySelector('span')?.textContent ?? a.textContent ?? '',
        );
        return `${title}: ${links.join(', ')}`;
      }),
    );
}

async function newPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  return (await browser.newContext({ viewport })).newPage();
}

test('the super admin opens every admin screen from its address', async ({ page }) => {
  await signInAdmin(page);
  for (const [address, label] of SCREENS) {
    await page.goto(address);
    await expectScreen(page, address, label);
    await expectCurrentLink(page, label);
  }
  // A section's address opens its first screen; the old /dashboard and /admin open the first of all.
  await page.goto('/dashboard/site');
  await expectScreen(page, '/dashboard/site/settings', 'Site Settings');
  for (const old of ['/dashboard', '/admin']) {
    await page.goto(old);
    await expectScreen(page, '/dashboard/people/pending', 'Pending Users');
  }
});

test('the super admin moves through the sidebar, and Back and Forward retrace it', async ({ page }) => {
  // Someone waits for approval: the count shows beside Pending Users.
  const { api } = await register(newPerson('Tabitha', 'Map'));
  await api.dispose();
  await signInAdmin(page);
  await page.goto('/dashboard');
  await expect(sidebar(page).getByRole('link', { name: /^Pending Users \d+ waiting$/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
  expect(await sections(page)).toEqual([
    'People: Pending Users, All Users',
    'Moderation: Pending Stories, Edits, Pending Comments',
    'Content: Content Management',
    'Mail and sharing: Help Inbox, Mail Outbox, Social Posts, Subscribers',
    'Site: Site Settings, Backups, API Tokens, Activity Log, Change Password',
    'My account: Subscription',
  ]);
  await shot(page, 'super-admin-1280');

  for (const [address, label] of SCREENS.slice(1)) {
    await sidebar(page).getByRole('link', { name: label }).click();
    await expectScreen(page, address, label);
    await expectCurrentLink(page, label);
  }
  await expect(page).toHaveTitle('Change Password · Super Admin Dashboard');

  // Back walks the screens in reverse down to the first; Forward walks again.
  for (const [address, label] of SCREENS.slice(0, -1).reverse()) {
    await page.goBack();
    await expectScreen(page, address, label);
    await expectCurrentLink(page, label);
  }
  await page.goForward();
  await expectScreen(page, '/dashboard/people/all', 'All Users');
  // The redirect from /dashboard replaced its address: one more Back leaves the site.
  await page.goBack();
  await page.goBack();
  await expect(page).not.toHaveURL(/\/dashboard/);
});

test('a sub admin sees only the review queues and the content tools', async ({ browser }) => {
  const email = await approvedAccount('sub_admin', 'Silas');
  for (const viewport of [{ width: 1280, height: 800 }, PHONE]) {
    const page = await newPage(browser, viewport);
    await signIn(page, email);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Sub Admin Dashboard' })).toBeVisible();
    await expectScreen(page, '/dashboard/moderation/stories', 'Pending Stories');
    if (viewport === PHONE) {
      await page.getByRole('button', { name: /^Admin sections/ }).click();
      await expect(page.getByRole('dialog', { name: 'Admin sections' })).toBeVisible();
      await shot(page, 'sub-admin-390-menu');
      await page.keyboard.press('Escape');
      await shot(page, 'sub-admin-390');
    } else {
      expect(await sections(page)).toEqual([
        'Moderation: Pending Stories, Edits, Pending Comments',
        'Content: Content Management',
        'My account: Profile Settings, Security, API Tokens, Subscription',
      ]);
      // Their own account, as "My Dashboard" gives everyone else.
      await sidebar(page).getByRole('link', { name: 'Profile Settings' }).click();
      await expectScreen(page, '/dashboard/account/profile', 'Profile Settings');
      await expect(page.getByLabel('First Name')).toHaveValue('Silas');
      await page.goBack();
      await sidebar(page).getByRole('link', { name: 'Content Management' }).click();
      await expectScreen(page, '/dashboard/content/tools', 'Content Management');
      await expect(page.getByRole('button', { name: 'Access Story Editor' })).toBeDisabled();
      await page.goBack();
      await expectScreen(page, '/dashboard/moderation/stories', 'Pending Stories');
      await shot(page, 'sub-admin-1280');
      // A super admin's address (say, from a forwarded mail) opens nothing of the people.
      await page.goto('/dashboard/people/pending');
      await expect(page.getByRole('region', { name: 'Pending Users', exact: true })).toContainText(
        'This screen is not among the ones you may use',
      );
      await expect(page.getByRole('list', { name: 'Pending users' })).toHaveCount(0);
      await expect(sidebar(page).getByRole('link', { name: 'Pending Users' })).toHaveCount(0);
    }
    await page.context().close();
  }
});

test('an approved primary contributor gets only the comment queue, from /admin', async ({ browser }) => {
  const email = await approvedAccount('primary_contributor', 'Phoebe');
  const page = await newPage(browser);
  await signIn(page, email);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Comment Moderation' })).toBeVisible();
  await expectScreen(page, '/dashboard/moderation/comments', 'Pending Comments');
  expect(await sections(page)).toEqual(['Moderation: Pending Comments']);
  // Their dashboard stays "My Dashboard".
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
  await page.context().close();
});

test('on a 390 px phone the sections are in a menu, and Back works between its choices', async ({ browser }) => {
  const page = await newPage(browser, PHONE);
  await signInAdmin(page);
  await page.goto('/dashboard');
  await expectScreen(page, '/dashboard/people/pending', 'Pending Users');
  await expect(sidebar(page)).toBeHidden();
  const menu = page.getByRole('button', { name: 'Admin sections · Pending Users' });
  await expect(menu).toBeVisible();
  await shot(page, 'super-admin-390');

  await menu.click();
  const sheet = page.getByRole('dialog', { name: 'Admin sections' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('link', { name: /^Pending Users/ })).toHaveAttribute('aria-current', 'page');
  await shot(page, 'super-admin-390-menu');
  await sheet.getByRole('link', { name: /^Pending Comments/ }).click();
  await expect(sheet).toBeHidden();
  await expectScreen(page, '/dashboard/moderation/comments', 'Pending Comments');
  await expect(page.getByRole('button', { name: 'Admin sections · Pending Comments' })).toBeVisible();

  await page.getByRole('button', { name: /^Admin sections/ }).click();
  await sheet.getByRole('link', { name: 'Backups' }).click();
  await expectScreen(page, '/dashboard/site/backups', 'Backups');
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

  await page.goBack();
  await expectScreen(page, '/dashboard/moderation/comments', 'Pending Comments');
  await page.goBack();
  await expectScreen(page, '/dashboard/people/pending', 'Pending Users');
  await page.context().close();
});
