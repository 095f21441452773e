// The axe sweep's bookkeeping: visit a screen or open a tab, dialog or menu, let it settle,
// run every WCAG 2.x A/AA rule and keep what it found, with where.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { openAdminScreen } from '../lib/admin-area';
import { wcagViolations } from '../lib/axe';
import { settle, trackRequests } from '../lib/settle';

/** Where the slow suites write what they measured (not committed). */
export const FIGURES_DIR = path.resolve(import.meta.dirname, '../test-results/slow-figures');

/** Adds `value` under `key` to `test-results/slow-figures/<name>.json` (kept across tests and workers). */
export function addFigures(name: string, key: string, value: unknown): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const file = path.join(FIGURES_DIR, `${name}.json`);
  const figures = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  figures[key] = value;
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
}

/** Something that opens over the page: a dialog, an alert dialog, a menu or a list box. */
const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

export class Sweep {
  /** Each state checked, in order. */
  readonly states: string[] = [];
  /** Each finding, prefixed with the state it was found in. */
  readonly findings: string[] = [];

  constructor(
    readonly page: Page,
    readonly who: string,
  ) {
    trackRequests(page);
  }

  get width(): number {
    return this.page.viewportSize()?.width ?? 0;
  }

  get phone(): boolean {
    return this.width < 768;
  }

  /** Checks the page as it stands. */
  async check(label: string): Promise<void> {
    await settle(this.page);
    const state = `${this.who} @${this.width}px ${label}`;
    this.states.push(state);
    for (const finding of await wcagViolations(this.page)) this.findings.push(`${state}: ${finding}`);
  }

  /** Opens `path`, waits for its heading, and checks it. */
  async visit(path: string, heading: string | RegExp, label = path): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
    await this.check(label);
  }

  /** Selects a tab by name and checks the page with it. */
  async tab(name: string | RegExp, label?: string): Promise<void> {
    const tab = this.page.getByRole('tab', { name });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await this.check(label ?? `tab ${String(name)}`);
  }

  /**
   * Opens a screen of the admin area by its link's name, from the sidebar (on a phone the menu,
   * which is checked open), and checks the page with it.
   */
  async adminScreen(name: string | RegExp, label?: string): Promise<void> {
    if (this.phone) {
      await this.overlay(this.page.getByRole('button', { name: /^Admin sections/ }), 'admin sections menu');
    }
    await openAdminScreen(this.page, name);
    // The screen shown is a region named like its link.
    await expect(this.page.getByRole('region', { name }).first()).toBeVisible();
    await this.check(label ?? `admin ${String(name)}`);
  }

  /**
   * Presses `trigger`, checks the dialog, menu or list box it opens, then closes it with Escape
   * (unless `keepOpen`) and waits until it is gone.
   */
  async overlay(trigger: Locator, label: string, { keepOpen = false } = {}): Promise<Locator> {
    const before = await this.page.locator(OVERLAY).count();
    // A menu item that opens a dialog closes its menu: one overlay takes the other's place.
    const fromMenu = (await trigger.getAttribute('role')) === 'menuitem';
    await trigger.click();
    await expect(this.page.locator(OVERLAY)).toHaveCount(fromMenu ? before : before + 1);
    if (fromMenu) await expect(this.page.getByRole('menu')).toHaveCount(0);
    const overlay = this.page.locator(OVERLAY).last();
    await expect(overlay).toBeVisible();
    await this.check(label);
    if (!keepOpen) await this.close();
    return overlay;
  }

  /** Closes the topmost overlay with Escape and waits until it is gone. */
  async close(): Promise<void> {
    const open = await this.page.locator(OVERLAY).count();
    await this.page.keyboard.press('Escape');
    await expect(this.page.locator(OVERLAY)).toHaveCount(Math.max(0, open - 1));
  }

  /** The open navigation menu of a phone (the header's menu button shows only below `md`). */
  async mobileNav(): Promise<void> {
    if (this.phone)
      await this.overlay(this.page.getByRole('button', { name: 'Open navigation menu' }), 'navigation menu');
  }
}
