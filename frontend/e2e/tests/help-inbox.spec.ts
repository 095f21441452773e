// Issue 8: a visitor's help message reaches the super admin's Help Inbox, who answers it by
// e-mail, marks it handled (it moves to Handled) and deletes it, then finds the mail to support
// in the Mail Outbox and both actions in the Activity Log. On a phone a long unbroken word
// in the message wraps instead of widening the page.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../lib/secrets.mjs';

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

  expect((await page.request.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } })).ok()).toBe(true);
  await page.goto('/dashboard');
  const counted = await page.request.get('/api/admin/help-messages?status=open&limit=1');
  const openBefore = Number(counted.headers()['x-total-count']);
  expect(openBefore).toBeGreaterThan(0);
  await page.getByRole('tab', { name: `Help Inbox ${openBefore} open` }).click();

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
  await expect(page.getByRole('tab', { name: /^Help Inbox/ })).toHaveAccessibleName(
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
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.inner);

  await handledRow.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete help message?' });
  await expect(dialog).toContainText(subject);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Help message deleted', { exact: true })).toBeVisible();
  await expect(handledRow).toHaveCount(0);

  // The mail that told support about the message is in the outbox (newest first).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('tab', { name: /^Mail Outbox/ }).click();
  await expect(page.getByRole('listitem', { name: `[Help: Technical Support] ${subject}` })).toBeVisible();

  // Both actions are in the activity log, by the super admin, naming the message.
  await page.getByRole('tab', { name: 'Activity Log' }).click();
  const log = page.getByRole('list', { name: 'Activity' });
  for (const action of ['Help message handled', 'Help message deleted']) {
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: action, exact: true }).click();
    const entry = log.getByRole('listitem', { name: `${action} by Super Administrator` }).filter({ hasText: subject });
    await expect(entry).toBeVisible();
  }
  await expect(log.getByRole('listitem').filter({ hasNotText: 'Help message deleted' })).toHaveCount(0);
});
