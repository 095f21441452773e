import { expect, test } from '@playwright/test';
import { wcagViolations } from '../lib/axe';
import { linkIn, waitForMail } from '../lib/mail-sink.mjs';
import { approve, adminApi, newPerson, register, signIn } from '../lib/people';

// New stories by e-mail (docs/decisions/subscriptions.md): a visitor signs up from the landing
// page's footer and confirms by the mailed link; a member changes their choice in the dashboard
// and leaves from there. Leaving from a digest's link is in the slow suite (slow/digest.spec.ts).
// Mail is read from the SMTP sink the global setup starts.

const baseURL = () => process.env.E2E_BASE_URL ?? '';

test('a visitor subscribes from the footer and confirms by the mailed link', async ({ page }) => {
  const email = newPerson('Lydia').email;
  const since = Date.now();
  await page.goto('/');
  const footer = page.locator('footer');
  await footer.getByRole('button', { name: 'Get new stories by e-mail' }).click();
  const form = footer.getByRole('form', { name: 'Get new stories by e-mail' });
  await expect(form.getByLabel('E-mail address')).toBeFocused();
  await expect(form.getByRole('radio', { name: 'Weekly digest' })).toBeChecked();
  // The open form, its categories and its hidden honeypot break no WCAG rule.
  await form.getByText('Choose categories').click();
  await expect(form.getByRole('checkbox').first()).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await form.getByLabel('E-mail address').fill(email);
  await form.getByRole('radio', { name: 'Monthly digest' }).click();
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('status')).toContainText('Check your inbox to confirm');

  const mail = await waitForMail(email, 'Confirm your subscription', { since });
  const link = linkIn(mail.text, `${baseURL()}/subscriptions/confirm?token=`);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are subscribed' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
});

test('a member subscribes in the dashboard and changes how often', async ({ page }) => {
  const person = newPerson('Priscilla');
  const since = Date.now();
  const { id, api } = await register(person);
  const admin = await adminApi();
  try {
    await approve(admin, id, 'member');
  } finally {
    await Promise.all([api.dispose(), admin.dispose()]);
  }
  // A verified address is the member's own: their sign-up is confirmed at once.
  const verification = await waitForMail(person.email, /verif|confirm/i, { since });
  await page.goto(linkIn(verification.text, `${baseURL()}/verify-email?token=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address is verified' })).toBeVisible();
  await signIn(page, person.email);

  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(page.getByText('You are not subscribed.')).toBeVisible();
  const signUp = page.getByRole('form', { name: 'Get new stories by e-mail' });
  await expect(signUp.getByLabel('E-mail address')).toHaveValue(person.email);
  await signUp.getByRole('radio', { name: 'Each story as it is published' }).click();
  await signUp.getByRole('button', { name: 'Subscribe' }).click();

  const mine = page.getByRole('form', { name: 'Your subscription' });
  await expect(mine.getByRole('radio', { name: 'Each story as it is published' })).toBeChecked();
  await mine.getByRole('radio', { name: 'Weekly digest' }).click();
  await mine.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Subscription updated', { exact: true })).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(
    page.getByRole('form', { name: 'Your subscription' }).getByRole('radio', { name: 'Weekly digest' }),
  ).toBeChecked();
  await expect(page.getByText(/weekly digest/)).toBeVisible();

  // Leaving from the dashboard asks first, then offers the form again.
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Unsubscribe?' });
  await ask.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    page.getByText('You unsubscribed, so no new stories are mailed to you. Subscribe again here.'),
  ).toBeVisible();
  await expect(page.getByRole('form', { name: 'Get new stories by e-mail' })).toBeVisible();
});
