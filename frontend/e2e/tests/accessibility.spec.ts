import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_PASSWORD } from '../lib/secrets.mjs';

/** Serious and critical axe findings (WCAG 2 A/AA) on the page as it stands. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('accounts screens have no serious accessibility problems', () => {
  test('/auth in both modes', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Community' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/admin-login', async ({ page }) => {
    await page.goto('/admin-login');
    await expect(page.getByRole('heading', { level: 1, name: 'Administrator Login' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the super admin dashboard', async ({ page }) => {
    const response = await page.request.post('/api/admin/login', { data: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(response.ok()).toBe(true);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Dashboard' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'All Users' }).click();
    await expect(page.getByRole('list', { name: 'All users' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
