// keyboard-only journeys. No mouse (a listener counts mouse and pointer
// presses and must count none), a visible focus after every key press, and the focus back on
// what opened a dialog once it closes.
import {
  expect,
  request as apiRequest,
  test,
  type Browser,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { Keys, expectVisibleFocus } from '../lib/keyboard';
import { adminApi, approve, newPerson, register } from '../lib/people';
import { ADMIN_PASSWORD, USER_PASSWORD } from '../lib/secrets.mjs';
import { scene } from './scene';
import { addFigures } from './sweep';

const s = scene();

async function keyboardPage(
  browser: Browser,
  session: BrowserContextOptions['storageState'] | null = null,
): Promise<Page> {
  const context = await browser.newContext({ storageState: session ?? undefined });
  // Any mouse or pointer press anywhere in the page is counted; a journey must end with none.
  await context.addInitScript(() => {
    const w = window as unknown as { mousePresses: number };
    w.mousePresses = 0;
    for (const type of ['mousedown', 'pointerdown', 'click']) {
      window.addEventListener(
        type,
        (event) => {
          // A click that a key press fires (Enter on a link or button) has detail 0.
          if (type !== 'click' || (event as MouseEvent).detail > 0) w.mousePresses++;
        },
        true,
      );
    }
  });
  return context.newPage();
}

async function finish(page: Page, keys: Keys, journey: string): Promise<void> {
  const mouse = await page.evaluate(() => (window as unknown as { mousePresses: number }).mousePresses);
  expect(mouse, 'mouse or pointer presses').toBe(0);
  addFigures('keyboard', journey, { keyPresses: keys.presses });
  console.log(`keyboard: ${journey}: ${keys.presses} key presses, no mouse`);
  await page.context().close();
}

/** Presses Enter on the focused control that opens a dialog, checks the dialog has the focus,
 * closes it with Escape and checks the focus is back on the control. */
async function dialogRoundTrip(page: Page, keys: Keys, opener: string): Promise<void> {
  const before = await expectVisibleFocus(page, `${opener} before opening`);
  await keys.press('Enter', `open ${opener}`);
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `${opener}: focus inside`).toBe(true);
  await keys.press('Escape', `close ${opener}`);
  await expect(dialog).toHaveCount(0);
  expect(await expectVisibleFocus(page, `${opener} after closing`), `${opener}: focus returned`).toBe(before);
}

test('a visitor reads a story and leaves a comment', async ({ browser }) => {
  const page = await keyboardPage(browser);
  const keys = new Keys(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const link = page.locator('#stories').getByRole('link', { name: s.liveStoryTitle }).first();
  await keys.tabTo(link, 'the story in Featured Stories');
  await keys.navigate('Enter', 'open the story', page.getByRole('heading', { level: 1, name: s.liveStoryTitle }));
  await keys.tabTo(page.getByRole('button', { name: 'Share', exact: true }), 'Share', { back: true });
  await keys.press('Enter', 'open the share menu');
  await expect(page.getByRole('menu')).toBeVisible();
  await keys.press('Escape', 'close the share menu');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeFocused();
  await keys.tabTo(page.getByLabel('Name *'), 'Name');
  await keys.type('Tabitha');
  await keys.press('Tab', 'to Email');
  await keys.press('Tab', 'to Comment');
  await expect(page.getByLabel('Comment *')).toBeFocused();
  await keys.type('Read and answered with the keyboard alone.');
  await keys.tabTo(page.getByRole('button', { name: 'Submit Comment' }), 'Submit Comment');
  await keys.submit('Enter', 'submit the comment', () =>
    expect(page.getByText('Your comment has been submitted for review.', { exact: true })).toBeVisible(),
  );
  await expect(page.getByText('Your comment has been submitted for review.', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Comment *')).toHaveValue('');
  await expectVisibleFocus(page, 'after submitting');
  await finish(page, keys, 'visitor reads a story and comments');
});

test('a visitor signs up', async ({ browser }) => {
  const page = await keyboardPage(browser);
  const keys = new Keys(page);
  const person = newPerson('Dorcas', 'Keys');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await keys.tabTo(page.getByRole('link', { name: 'Sign Up' }), 'Sign Up');
  await keys.navigate('Enter', 'open sign-up', page.getByRole('heading', { level: 1, name: 'Join Our Community' }));
  await keys.tabTo(page.getByLabel('First Name'), 'First Name');
  for (const [label, value] of [
    ['First Name', person.firstName],
    ['Last Name', person.lastName],
    ['Username', person.username],
    ['Email', person.email],
  ] as const) {
    await expect(page.getByLabel(label, { exact: true })).toBeFocused();
    await keys.type(value);
    await keys.press('Tab', `after ${label}`);
  }
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await keys.type(USER_PASSWORD);
  await keys.press('Tab', 'to Show password');
  await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
  await keys.press('Space', 'show the password');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await keys.press('Space', 'hide the password');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await keys.tabTo(page.getByRole('button', { name: 'Create Account' }), 'Create Account');
  await keys.navigate(
    'Enter',
    'create the account',
    page.getByRole('heading', { level: 1, name: `Welcome back, ${person.firstName}` }),
  );
  await finish(page, keys, 'visitor signs up');
});

test('a contributor writes a story in the modal and sends it for review', async ({ browser }) => {
  const person = newPerson('Phoebe', 'Keys');
  const { id, api } = await register(person);
  const admin = await adminApi();
  await approve(admin, id, 'regular_contributor');
  const session = await api.storageState();
  await Promise.all([api.dispose(), admin.dispose()]);
  const page = await keyboardPage(browser, session);
  const keys = new Keys(page);

  await page.goto('/contributor-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Contributor Dashboard' })).toBeVisible();
  const create = page.getByRole('button', { name: 'Create Story' }).first();
  await keys.tabTo(create, 'Create Story');
  await dialogRoundTrip(page, keys, 'the story modal');

  await keys.press('Enter', 'open the story modal');
  const dialog = page.getByRole('dialog', { name: 'Create New Story' });
  await expect(dialog).toBeVisible();
  await keys.tabTo(dialog.getByLabel('Title *'), 'Title');
  await keys.type('Written Without a Mouse');
  await keys.tabTo(dialog.getByRole('combobox', { name: /Category/ }), 'Category');
  await keys.press('Enter', 'open the category list');
  await expect(page.getByRole('listbox')).toBeVisible();
  await keys.type('Testimonies');
  await keys.press('Enter', 'choose Testimonies');
  await expect(dialog.getByRole('combobox', { name: /Category/ })).toHaveText('Testimonies');
  await keys.tabTo(dialog.getByLabel('Story Content *'), 'Story Content');
  await keys.type('Every step of this story was taken with the keyboard.');
  // A radio group is one tab stop, its checked option; the arrow keys move to another and choose it.
  await keys.tabTo(dialog.getByRole('radio', { name: 'Save as Draft' }), 'the publication status');
  await keys.press('ArrowRight', 'choose Publish');
  await expect(dialog.getByRole('radio', { name: 'Publish' })).toBeFocused();
  await expect(dialog.getByRole('radio', { name: 'Publish' })).toHaveAttribute('aria-checked', 'true');
  // Publishing asks for the author's consent: the required box, ticked with Space.
  const consent = dialog.getByRole('checkbox', { name: 'Show my story on this site (required)' });
  await keys.tabTo(consent, 'the consent to this site');
  await keys.press('Space', 'agree to showing the story on this site');
  await expect(consent).toBeChecked();
  await keys.tabTo(dialog.getByRole('button', { name: 'Create Story' }), 'the modal’s Create Story');
  await keys.submit('Enter', 'submit the story', async () => {
    await expect(page.getByText('Story sent for review', { exact: true })).toBeVisible();
    await expect(dialog).toHaveCount(0);
  });
  await expect(create, 'the focus is back on Create Story').toBeFocused();
  await expectVisibleFocus(page, 'after the modal closed');
  await finish(page, keys, 'contributor writes and submits a story');
});

test('a sub admin approves a story and a comment', async ({ browser }) => {
  const author = await register(newPerson('Junia', 'Keys'));
  const admin = await adminApi();
  await approve(admin, author.id, 'regular_contributor');
  const title = 'Approved from the Keyboard';
  const created = await author.api.post('/api/stories', {
    data: {
      title,
      content: 'A story for a sub admin to approve.',
      category: 'Worship',
      isPublished: true,
      consent: { site: true, social: true, widget: true },
    },
  });
  expect(created.status()).toBe(201);
  const visitor = await apiRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const comment = await visitor.post(`/api/stories/${s.liveStoryId}/comments`, {
    data: { authorName: 'Rhoda', authorEmail: null, content: 'A comment approved with the keyboard.' },
  });
  expect(comment.status()).toBe(201);
  await Promise.all([author.api.dispose(), admin.dispose(), visitor.dispose()]);

  const page = await keyboardPage(browser, s.sessions.subAdmin);
  const keys = new Keys(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Sub Admin Dashboard' })).toBeVisible();
  const row = page.getByRole('list', { name: 'Pending stories' }).getByRole('listitem', { name: title });
  await expect(row).toBeVisible();
  await keys.tabTo(row.getByRole('button', { name: 'Reject' }), 'Reject');
  await dialogRoundTrip(page, keys, 'the reject dialog');
  await keys.tabTo(row.getByRole('button', { name: 'Approve' }), 'Approve', { back: true });
  await keys.submit('Enter', 'approve the story', () => expect(row).toHaveCount(0));
  await expect(page.getByText('Story approved successfully', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expectVisibleFocus(page, 'after the approved story left the queue');

  const commentsLink = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', {
    name: /^Pending Comments/,
  });
  await keys.tabTo(commentsLink, 'the Pending Comments link', { back: true });
  await keys.press('Enter', 'open Pending Comments (the focus moves to its heading)');
  await expect(commentsLink).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(/\/dashboard\/moderation\/comments$/);
  const select = page.getByRole('checkbox', { name: /^Select comment by Rhoda/ });
  await keys.tabTo(select, 'the comment’s checkbox');
  await keys.press('Space', 'select the comment');
  await expect(select).toBeChecked();
  await keys.tabTo(page.getByRole('button', { name: 'Approve selected' }), 'Approve selected', { back: true });
  await keys.submit('Enter', 'approve the comment', () =>
    expect(page.getByRole('checkbox', { name: /^Select comment by Rhoda/ })).toHaveCount(0),
  );
  await expect(page.getByRole('checkbox', { name: /^Select comment by Rhoda/ })).toHaveCount(0);
  await expectVisibleFocus(page, 'after the approved comment left the queue');
  await finish(page, keys, 'sub admin approves a story and a comment');
});

test('the super admin signs in and approves a person', async ({ browser }) => {
  const person = newPerson('Lois', 'Keys');
  const { api } = await register(person);
  await api.dispose();
  const name = `${person.firstName} ${person.lastName}`;

  const page = await keyboardPage(browser);
  const keys = new Keys(page);
  await page.goto('/admin-login');
  await expect(page.getByRole('heading', { level: 1, name: 'Administrator Login' })).toBeVisible();
  await keys.tabTo(page.getByLabel('Username'), 'Username');
  await keys.type('admin');
  await keys.press('Tab', 'to Password');
  await keys.type(ADMIN_PASSWORD);
  await keys.navigate('Enter', 'sign in', page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' }));
  const row = page.getByRole('list', { name: 'Pending users' }).getByRole('listitem', { name });
  await expect(row).toBeVisible();
  await keys.tabTo(row.getByRole('combobox'), 'the role');
  await keys.press('Enter', 'open the role list');
  await expect(page.getByRole('listbox')).toBeVisible();
  await keys.press('ArrowDown', 'move in the role list');
  await keys.press('ArrowUp', 'back to member');
  await keys.press('Enter', 'choose the role');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await keys.tabTo(row.getByRole('button', { name: 'Approve' }), 'Approve');
  // The address is not verified: approving asks first, in a dialog the keyboard answers.
  await keys.press('Enter', 'ask to approve');
  const warning = page.getByRole('alertdialog', { name: 'Approve without a verified e-mail?' });
  await expect(warning).toBeVisible();
  await keys.tabTo(warning.getByRole('button', { name: 'Approve anyway' }), 'Approve anyway');
  await keys.submit('Enter', 'approve the person', () => expect(row).toHaveCount(0));
  await expect(page.getByText('User role updated successfully', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expectVisibleFocus(page, 'after the approved person left the list');
  await finish(page, keys, 'super admin approves a person');
});
