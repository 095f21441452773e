import type { Page } from '@playwright/test';

const inFlight = new WeakMap<Page, Set<unknown>>();

/** Starts counting the page's open requests (for `settle`). Call once per page. */
export function trackRequests(page: Page): void {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Waits until the page is still: no request open for 150 ms (bounded by `timeoutMs`), no
 * 'Loading...' screen, no busy region, and every finite CSS animation or transition done (a menu
 * fading in would otherwise be measured half transparent).
 */
export async function settle(page: Page, timeoutMs = 10_000): Promise<void> {
  const open = inFlight.get(page);
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (open && open.size > 0) quietSince = Date.now();
    if (Date.now() - quietSince >= 150) break;
    await page.waitForTimeout(50);
  }
  await page
    .locator('[role="status"]:has-text("Loading..."), [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: Math.max(1000, deadline - Date.now()) })
    .catch(() => undefined);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
