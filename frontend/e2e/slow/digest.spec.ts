import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { wcagViolations } from '../lib/axe';
import { linkIn, waitForMail } from '../lib/mail-sink.mjs';
import { adminApi, newPerson } from '../lib/people';
import { FIGURES_DIR } from './sweep';

// A subscriber's whole way (docs/decisions/subscriptions.md): signs up from the footer, confirms
// from the mail's link, gets the mail of a new story from the subscription job, and leaves from
// that mail's link. Slow because it waits for the job's next round (every minute); the server of
// the browser runs mails `each` subscribers at once (`SUBSCRIPTION_GRACE_MINUTES=0` in
// e2e/global-setup.ts). The open form and the two pages the links open are checked with axe and
// photographed at 1280 and 390 px (test-results/slow-figures/screens/).

const baseURL = () => process.env.E2E_BASE_URL ?? '';
const WIDTHS = [1280, 390] as const;

/** Checks the page at both widths with axe and keeps a screenshot of each. */
async function checkAtBothWidths(page: Page, name: string): Promise<void> {
  const dir = path.join(FIGURES_DIR, 'screens');
  mkdirSync(dir, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await wcagViolations(page), `${name} at ${width} px`).toEqual([]);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a visitor subscribes, hears of a new story and leaves from that mail’s link', async ({ page }) => {
  test.setTimeout(240_000);
  const email = newPerson('Dorcas').email;
  const since = Date.now();
  await page.goto('/');
  const footer = page.locator('footer');
  await footer.getByRole('button', { name: 'Get new stories by e-mail' }).click();
  const form = footer.getByRole('form', { name: 'Get new stories by e-mail' });
  await form.getByText('Choose categories').click();
  await expect(form.getByRole('checkbox').first()).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await checkAtBothWidths(page, 'subscribe-form');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByRole('radio', { name: 'Each story as it is published' }).click();
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('status')).toContainText('Check your inbox to confirm');

  const confirmation = await waitForMail(email, 'Confirm your subscription', { since });
  expect(confirmation.listUnsubscribe, 'account-like mail carries no List-Unsubscribe').toBeNull();
  await page.goto(linkIn(confirmation.text, `${baseURL()}/subscriptions/confirm?token=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await checkAtBothWidths(page, 'subscription-confirm');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();

  // A story published after confirming: the next round of the subscription job mails it.
  const title = `Dorcas Hears ${Date.now()}`;
  const admin = await adminApi();
  try {
    const created = await admin.post('/api/stories', {
      data: {
        title,
        excerpt: `${title}: a short excerpt for the mail.`,
        content: `${title}. The Lord is my shepherd; I shall not want.`,
        category: 'Testimonies',
        isPublished: true,
        consent: { site: true, social: true, widget: true },
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const story = (await created.json()) as { id: number; status: string };
    if (story.status === 'pending_approval') {
      const approved = await admin.post(`/api/admin/stories/${story.id}/approve`);
      expect(approved.ok(), await approved.text()).toBe(true);
    }
  } finally {
    await admin.dispose();
  }
  // Another test may publish a story in the same round or the one before: wait for this one's mail.
  const mail = await waitForMail(email, /new stor/i, { since, timeoutMs: 150_000, containing: title });
  expect(mail.text).toContain(title);
  expect(mail.listUnsubscribe).toMatch(/^<.+\/api\/subscriptions\/unsubscribe\?token=[^>]+>, <mailto:.+>$/);

  // The mail's "Send less often or unsubscribe" link: a page offering both; a GET changes nothing.
  await page.goto(linkIn(mail.text, `${baseURL()}/subscriptions/unsubscribe?token=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Change or stop your e\u2011mails' })).toBeVisible();
  await checkAtBothWidths(page, 'subscription-unsubscribe');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
});
