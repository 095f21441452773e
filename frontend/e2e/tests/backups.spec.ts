// The super admin takes a backup from the dashboard's Backups tab: it is written, read back and
// checked in the background and shows in the list as verified, with a download link; the last
// good backup names what it holds.
import { expect, test } from '@playwright/test';
import { ADMIN_PASSWORD } from '../lib/secrets.mjs';
import { openAdminScreen } from '../lib/admin-area';

test('the super admin backs up now and sees the backup listed as verified', async ({ page }) => {
  expect(
    (await page.request.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } })).ok(),
  ).toBe(true);
  await page.goto('/dashboard');
  await openAdminScreen(page, 'Backups');
  await expect(page.getByRole('heading', { name: 'Last good backup' })).toBeVisible();

  const started = page.waitForResponse(
    (res) => res.url().endsWith('/api/admin/backups') && res.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Back up now' }).click();
  const answer = await started;
  expect(answer.status()).toBe(202);
  const { name } = (await answer.json()) as { name: string };
  await expect(page.getByText('Backup started', { exact: true })).toBeVisible();

  const row = page.getByRole('list', { name: 'Recent backups' }).getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Verified', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText('stories');
  await expect(row.getByRole('link', { name: `Download ${name}` })).toHaveAttribute(
    'href',
    `/api/admin/backups/${name}`,
  );
  await expect(page.getByRole('region', { name: 'Last good backup' })).toContainText('people');

  // The download link hands out the archive itself.
  const file = await page.request.get(`/api/admin/backups/${name}`);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/zip');
  expect((await file.body()).subarray(0, 2).toString()).toBe('PK');
});
