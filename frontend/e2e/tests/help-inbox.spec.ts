// a visitor's help message reaches the super admin's Help Inbox, who answers it by
// e-mail, marks it handled (it moves to Handled) and deletes it. On a phone a long unbroken word
// in the message wraps instead of widening the page. The second test handles one message and
// deletes another, finds the mail to support in the Mail Outbox, cancels a queued social post
// and reads all three actions in the Activity Log, filtered by action and by person.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../lib/secrets.mjs';
import { openAdminScreen } from '../lib/admin-area';

/** Open messages come oldest first, twenty at a time: other tests' messages may come before ours. */
async function showUntilVisible(page: Page, row: Locator) {
  for (let i = 0; i < 20 && !(await row.isVisible()); i += 1) {
    const more = page.getByRole('button', { name: 'Show more' });
    if (!(await more.isVisible())) break;
    await more.click();
    await page.waitForLoadState('networkidle');
  }
  await expect(row).toBeVisible();
}

test('a visitor asks for help; the super admin replies, marks it handled and deletes it', async ({ page, browser }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const subject = `The prayer wall will not load ${tag}`;
  const email = `visitor.${tag}@example.test`;
  const longWord = `https://example.test/${'prayer-wall-'.repeat(12)}${tag}`;

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/help');
  await visitor.getByLabel('Email Address *').fill(email);
  await visitor.getByRole('combobox', { name: 'Category' }).click();
  await visitor.getByRole('option', { name: 'Technical Support' }).click();
  await visitor.getByLabel('Subject *').fill(subject);
  await visitor.getByLabel('Message *').fill(`Since Sunday the page stays empty. I tried ${longWord} too.`);
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.getByText('Message Sent', { exact: true })).toBeVisible();
  await visitor.context().close();

  expect(
    (await page.request.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } })).ok(),
  ).toBe(true);
  await page.goto('/dashboard');
  const counted = await page.request.get('/api/admin/help-messages?status=open&limit=1');
  const openBefore = Number(counted.headers()['x-total-count']);
  expect(openBefore).toBeGreaterThan(0);
  await openAdminScreen(page, `Help Inbox ${openBefore} open`);

  const openList = page.getByRole('list', { name: 'Open help messages' });
  const row = openList.getByRole('listitem', { name: subject });
  await showUntilVisible(page, row);
  await expect(row).toContainText('Technical Support');
  await expect(row).toContainText(`From ${email}`);
  await expect(row).toContainText('waiting less than a minute');
  await expect(row).toContainText(longWord);
  await expect(row.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
    'href',
    `mailto:${email}?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  );
  await expect(page.getByText(new RegExp(`^Showing \\d+ of ${openBefore} open messages$`))).toBeVisible();

  await row.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByText('Message marked handled', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Help Inbox/ })).toHaveAccessibleName(
    openBefore > 1 ? `Help Inbox ${openBefore - 1} open` : 'Help Inbox',
  );

  await page.getByRole('button', { name: 'Handled', exact: true }).click();
  const handledRow = page.getByRole('list', { name: 'Handled help messages' }).getByRole('listitem', { name: subject });
  await expect(handledRow).toBeVisible();
  await expect(handledRow).toContainText('Handled');
  await expect(handledRow.getByRole('button', { name: 'Mark handled' })).toHaveCount(0);

  // On a phone the long word wraps inside the row.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(handledRow).toBeVisible();
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);

  await handledRow.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete help message?' });
  await expect(dialog).toContainText(subject);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Help message deleted', { exact: true })).toBeVisible();
  await expect(handledRow).toHaveCount(0);
});

/** Sends a help message as a visitor (the form itself is driven by the test above). */
async function sendHelpMessage(request: APIRequestContext, subject: string, email: string) {
  const response = await request.post('/api/help/contact', {
    data: { contactEmail: email, category: 'account', subject, message: `Please help: ${subject}` },
  });
  expect(response.status(), 'help message').toBe(201);
}

test('super admin handles and deletes a help message and reads the activity log', async ({ page, playwright }) => {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  const handledSubject = `Cannot change my picture ${tag}`;
  const deletedSubject = `Buy cheap watches ${tag}`;
  const visitor = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await sendHelpMessage(visitor, handledSubject, `hannah.${tag}@example.test`);
  await sendHelpMessage(visitor, deletedSubject, `spam.${tag}@example.test`);
  await visitor.dispose();

  expect(
    (await page.request.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } })).ok(),
  ).toBe(true);
  // A live story of the super admin's, queued for Instagram (which waits for someone to share it by hand).
  const storyTitle = `Harvest supper ${tag}`;
  const created = await page.request.post('/api/stories', {
    data: {
      title: storyTitle,
      content: 'We shared bread with the whole street.',
      category: 'Community',
      isPublished: true,
      consent: { site: true, social: true, widget: true },
    },
  });
  expect(created.status(), 'story').toBe(201);
  const { id: storyId } = (await created.json()) as { id: number };
  expect((await page.request.post(`/api/stories/${storyId}/export`, { data: { platforms: ['instagram'] } })).ok()).toBe(
    true,
  );

  await page.goto('/dashboard');
  await openAdminScreen(page, /^Help Inbox/);
  const openList = page.getByRole('list', { name: 'Open help messages' });
  const handledRow = openList.getByRole('listitem', { name: handledSubject });
  await showUntilVisible(page, handledRow);
  await handledRow.getByRole('button', { name: 'Mark handled' }).click();
  await expect(page.getByText('Message marked handled', { exact: true })).toBeVisible();
  await expect(handledRow).toHaveCount(0);

  const deletedRow = openList.getByRole('listitem', { name: deletedSubject });
  await showUntilVisible(page, deletedRow);
  await deletedRow.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog', { name: 'Delete help message?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Help message deleted', { exact: true })).toBeVisible();
  await expect(deletedRow).toHaveCount(0);

  // Both messages told support by e-mail; the outbox lists those mails newest first and says how
  // mail leaves the site (the harness sets SMTP_URL).
  await openAdminScreen(page, /^Mail Outbox/);
  await expect(page.getByText(/Sent through the mail server set in SMTP_URL/)).toBeVisible();
  const mails = page.getByRole('list', { name: 'Mail messages' });
  for (const subject of [handledSubject, deletedSubject]) {
    const mail = mails.getByRole('listitem', { name: `[Help: Account Help] ${subject}` });
    await expect(mail).toBeVisible();
    await mail.getByText('Show message').click();
    await expect(mail).toContainText(`Please help: ${subject}`);
  }

  // The queued post is listed under Queued and can be cancelled after confirming.
  await openAdminScreen(page, /^Social Posts/);
  await page.getByRole('button', { name: 'Queued', exact: true }).click();
  const post = page
    .getByRole('list', { name: 'Social posts' })
    .getByRole('listitem', { name: `${storyTitle} on Instagram` });
  await expect(post).toContainText('Queued');
  await expect(post.getByRole('link', { name: storyTitle })).toHaveAttribute('href', `/stories/${storyId}`);
  await post.getByRole('button', { name: 'Cancel post' }).click();
  await page
    .getByRole('alertdialog', { name: 'Cancel this post?' })
    .getByRole('button', { name: 'Cancel post' })
    .click();
  await expect(page.getByText('Post cancelled', { exact: true })).toBeVisible();
  await expect(post).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancelled', exact: true }).click();
  await expect(post).toContainText('Cancelled');

  // The log, newest first, names the super admin and what each action was about.
  await openAdminScreen(page, 'Activity Log');
  const log = page.getByRole('list', { name: 'Activity' });
  const handledEntry = log
    .getByRole('listitem', { name: 'Help message handled by Super Administrator' })
    .filter({ hasText: handledSubject });
  const deletedEntry = log
    .getByRole('listitem', { name: 'Help message deleted by Super Administrator' })
    .filter({ hasText: deletedSubject });
  const cancelledEntry = log
    .getByRole('listitem', { name: 'Social post cancelled by Super Administrator' })
    .filter({ hasText: storyTitle });
  await expect(handledEntry).toBeVisible();
  await expect(deletedEntry).toBeVisible();
  await expect(cancelledEntry).toBeVisible();
  await expect(log.getByRole('listitem').first()).toHaveAccessibleName('Social post cancelled by Super Administrator');
  await expect(cancelledEntry).toContainText('Instagram');
  const exportedEntry = log
    .getByRole('listitem', { name: 'Exported to social media by Super Administrator' })
    .filter({ hasText: storyTitle });
  await expect(exportedEntry.getByRole('link', { name: storyTitle })).toHaveAttribute('href', `/stories/${storyId}`);

  // The action filter is the browser's own select (a long list).
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Help message deleted' });
  await expect(deletedEntry).toBeVisible();
  await expect(handledEntry).toHaveCount(0);
  await expect(log.getByRole('listitem').filter({ hasNotText: 'Help message deleted' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'All actions' });
  await handledEntry.getByRole('button', { name: 'Super Administrator' }).click();
  await expect(page.getByRole('button', { name: 'Show everyone, not only Super Administrator' })).toBeVisible();
  await expect(handledEntry).toBeVisible();
  await expect(log.getByRole('listitem').filter({ hasNotText: 'Super Administrator' })).toHaveCount(0);

  // On a phone the tabs and rows wrap inside the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(handledEntry).toBeVisible();
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
});
