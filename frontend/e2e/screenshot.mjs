// Usage (from frontend/): npm run screenshot -- <path> <out.png> [--width 1280] [--height 800] [--viewport-only]
//   [--as-admin] [--click "<button name>"]
// Starts the real server like the e2e run (or uses E2E_BASE_URL when set) and saves a
// full-page Chromium screenshot of <path>. --as-admin signs in as the harness's super admin
// first; --click presses a button, tab or link (by accessible name) before the shot.
import { chromium } from '@playwright/test';
import path from 'node:path';
import { ADMIN_PASSWORD } from './lib/secrets.mjs';
import { startServer } from './lib/server.mjs';

const args = process.argv.slice(2);
const positional = args.filter((arg, i) => !arg.startsWith('--') && !args[i - 1]?.match(/^--(width|height|click)$/));
/** @param {string} name @param {number} fallback */
const flag = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const [pagePath = '/', out = 'screenshot.png'] = positional;
const outFile = path.resolve(process.env.INIT_CWD ?? process.cwd(), out);

const server = process.env.E2E_BASE_URL ? null : await startServer();
const baseURL = process.env.E2E_BASE_URL ?? server?.baseURL;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const context = await browser.newContext({ viewport: { width: flag('width', 1280), height: flag('height', 800) } });
  const page = await context.newPage();
  if (args.includes('--as-admin')) {
    const response = await context.request.post(new URL('/api/admin/login', baseURL).toString(), {
      data: { username: 'admin', password: ADMIN_PASSWORD },
    });
    if (!response.ok()) throw new Error(`admin sign-in failed: ${response.status()}`);
  }
  await page.goto(new URL(pagePath, baseURL).toString(), { waitUntil: 'networkidle' });
  const clickIndex = args.indexOf('--click');
  if (clickIndex >= 0) {
    const name = args[clickIndex + 1] ?? '';
    await page
      .getByRole('button', { name })
      .or(page.getByRole('tab', { name }))
      .or(page.getByRole('link', { name }))
      .first()
      .click();
    await page.waitForLoadState('networkidle');
  }
  await page.screenshot({ path: outFile, fullPage: !args.includes('--viewport-only') });
  console.log(`saved ${outFile}`);
} finally {
  await browser.close();
  await server?.stop();
}
