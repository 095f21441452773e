// text zoomed to 200% keeps every screen usable without sideways scrolling.
//
// How 200% is made: the browser's own zoom. A 1280 x 800 window at 200% zoom lays pages out in
// 640 x 400 CSS pixels drawn with 2 device pixels each, so the page gets a 640 x 400 viewport with
// deviceScaleFactor 2 (what Chromium's Ctrl+'+' to 200% does; media queries see 640 px, as they
// do there). Each route must then be no wider than the window
// (`documentElement.scrollWidth <= clientWidth`) and show its heading.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openAdminScreen } from '../lib/admin-area';
import { settle, trackRequests } from '../lib/settle';
import { scene, type Kind } from './scene';
import { addFigures } from './sweep';

const ZOOMED = { viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 };
const s = scene();

type Check = { kind: Kind; path: string; heading: string | RegExp; tab?: string | RegExp };

const ROUTES: Check[] = [
  { kind: 'visitor', path: '/', heading: /./ },
  { kind: 'visitor', path: '/auth', heading: 'Welcome Back' },
  { kind: 'visitor', path: '/auth?mode=signup', heading: 'Join Our Community' },
  { kind: 'visitor', path: '/auth?mode=forgot-password', heading: /./ },
  { kind: 'visitor', path: '/admin-login', heading: 'Administrator Login' },
  { kind: 'visitor', path: '/help', heading: 'Help Center' },
  { kind: 'visitor', path: '/stories', heading: 'All Stories' },
  { kind: 'visitor', path: `/stories/${s.liveStoryId}`, heading: s.liveStoryTitle },
  { kind: 'visitor', path: '/reset-password?token=not-a-real-token', heading: 'Choose a new password' },
  { kind: 'visitor', path: '/verify-email?token=not-a-real-token', heading: /verif/i },
  { kind: 'visitor', path: '/no-such-page', heading: '404 Page Not Found' },
  { kind: 'pending', path: '/dashboard', heading: 'Awaiting Approval' },
  { kind: 'member', path: '/', heading: /^Welcome back/ },
  { kind: 'member', path: '/dashboard', heading: 'My Dashboard' },
  { kind: 'member', path: '/dashboard', heading: 'My Dashboard', tab: 'Profile Settings' },
  { kind: 'member', path: '/dashboard', heading: 'My Dashboard', tab: 'Security' },
  { kind: 'member', path: '/dashboard', heading: 'My Dashboard', tab: 'API Tokens' },
  { kind: 'member', path: '/admin', heading: 'Admin Panel' },
  { kind: 'contributor', path: '/contributor-dashboard', heading: 'Contributor Dashboard' },
  { kind: 'contributor', path: '/contributor-dashboard', heading: 'Contributor Dashboard', tab: 'Schedule' },
  { kind: 'contributor', path: '/admin', heading: 'Comment Moderation' },
  { kind: 'contributor', path: `/stories/${s.liveStoryId}`, heading: s.liveStoryTitle },
  { kind: 'subAdmin', path: '/dashboard', heading: 'Sub Admin Dashboard' },
  { kind: 'subAdmin', path: '/dashboard', heading: 'Sub Admin Dashboard', tab: /^Edits/ },
  { kind: 'subAdmin', path: '/dashboard', heading: 'Sub Admin Dashboard', tab: /^Pending Comments/ },
  { kind: 'superAdmin', path: '/dashboard', heading: 'Super Admin Dashboard' },
  ...[
    'All Users',
    /^Pending Stories/,
    /^Help Inbox/,
    /^Mail Outbox/,
    /^Social Posts/,
    'Activity Log',
    'API Tokens',
    'Site Settings',
    'Backups',
    'Change Password',
  ].map((tab) => ({ kind: 'superAdmin' as const, path: '/dashboard', heading: 'Super Admin Dashboard', tab })),
];

async function zoomedPage(browser: Browser, kind: Kind): Promise<Page> {
  const context = await browser.newContext({ ...ZOOMED, storageState: s.sessions[kind] ?? undefined });
  const page = await context.newPage();
  trackRequests(page);
  return page;
}

test('every route at 200% zoom fits the window', async ({ browser }) => {
  const pages = new Map<Kind, Page>();
  const wide: string[] = [];
  for (const check of ROUTES) {
    let page = pages.get(check.kind);
    if (!page) {
      page = await zoomedPage(browser, check.kind);
      pages.set(check.kind, page);
    }
    await page.goto(check.path);
    await expect(page.getByRole('heading', { level: 1, name: check.heading }).first()).toBeVisible();
    // The admins' screens are in the admin area's menu (640 px is below the sidebar's width).
    const admin = check.kind === 'subAdmin' || check.kind === 'superAdmin';
    if (check.tab && admin) await openAdminScreen(page, check.tab);
    else if (check.tab) await page.getByRole('tab', { name: check.tab }).click();
    await settle(page);
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    const what = `${check.kind} ${check.path}${check.tab ? ` (${String(check.tab)})` : ''}`;
    if (scrollWidth > clientWidth) {
      wide.push(`${what}: ${scrollWidth} px wide in a ${clientWidth} px window`);
      await page.screenshot({ path: test.info().outputPath(`${what.replace(/[^a-z0-9]+/gi, '-')}.png`) });
    }
  }
  for (const page of pages.values()) await page.context().close();
  addFigures('zoom', '200%', { screens: ROUTES.length, tooWide: wide.length });
  console.log(`zoom 200%: ${ROUTES.length} screens, ${wide.length} wider than the window`);
  expect(wide, wide.join('\n')).toEqual([]);
});
