// The admin area's navigation (web/src/features/dashboard/admin-area): a sidebar of sections
// from 768 px up, an "Admin sections" menu below.
import { expect, type Page } from '@playwright/test';

/** The sidebar, or on a phone the menu button: whichever the window shows. */
export function adminNavigation(page: Page) {
  return page
    .getByRole('button', { name: /^Admin sections/ })
    .or(page.getByRole('navigation', { name: 'Admin sections' }))
    .first();
}

/**
 * Opens a screen of the admin area by its link's name ("All Users"; the name also carries the
 * count, "Edits 1 waiting", which a string matches as a part), from the sidebar, or on a phone
 * from the menu.
 */
export async function openAdminScreen(page: Page, name: string | RegExp): Promise<void> {
  const menu = page.getByRole('button', { name: /^Admin sections/ });
  await expect(adminNavigation(page)).toBeVisible();
  if (await menu.isVisible()) {
    await menu.click();
    const sheet = page.getByRole('dialog', { name: 'Admin sections' });
    await sheet.getByRole('link', { name }).click();
    await expect(sheet).toBeHidden();
  } else {
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name }).click();
  }
}
