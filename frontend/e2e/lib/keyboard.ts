// Keyboard-only journeys: move with Tab and Shift+Tab, act with Enter, Space, arrows and typing,
// and after every step require a focused element that shows it has the focus.
import { expect, type Locator, type Page } from '@playwright/test';

export type FocusReport = { ok: boolean; what: string; why: string };

/**
 * What has the focus and whether it shows: inside the window, not entirely covered by anything
 * else (WCAG 2.4.11), and with an outline (not `none`, wider than 0, not transparent) or a ring
 * (a box-shadow layer spread at least 1 px, not transparent) on the element or on one of its
 * three nearest ancestors (a card that rings while a link inside it has the focus).
 */
export async function focusReport(page: Page): Promise<FocusReport> {
  // The focus settles first: a closing dialog hands it back a task after it left the page, and
  // smooth scrolling brings the focused element into view over several frames. Then the
  // transitions that moving it started (a button's ring fades in) are waited for, so the final
  // state is measured, not the first frame of the ring.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let el = document.activeElement;
    let last = el?.getBoundingClientRect().top;
    for (let i = 0, still = 0; i < 120 && still < 3; i++) {
      await frame();
      const now = document.activeElement;
      const top = now?.getBoundingClientRect().top;
      still = now === el && top === last ? still + 1 : 0;
      el = now;
      last = top;
    }
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) {
      return { ok: false, what: 'nothing', why: 'the focus is on the page itself' };
    }
    const name =
      el.getAttribute('aria-label') ?? el.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40) ?? el.tagName;
    const what = `<${el.tagName.toLowerCase()}${el.getAttribute('role') ? ` role=${el.getAttribute('role')}` : ''}> "${name}"`;
    const alpha = (color: string) => {
      if (color === 'transparent') return 0;
      const slash = color.match(/\/\s*([\d.]+)(%?)\s*\)$/);
      if (slash) return Number(slash[1]) / (slash[2] ? 100 : 1);
      const rgba = color.match(/^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/);
      return rgba ? Number(rgba[1]) : 1;
    };
    const layers = (shadow: string) => {
      if (!shadow || shadow === 'none') return [];
      const parts: string[] = [];
      let depth = 0;
      let current = '';
      for (const ch of shadow) {
        if (ch === '(') depth++;
        if (ch === ')') depth--;
        if (ch === ',' && depth === 0) {
          parts.push(current.trim());
          current = '';
        } else current += ch;
      }
      parts.push(current.trim());
      return parts.map((part) => {
        const color = part.match(/(rgba?|oklab|oklch|lab|lch|color|hsla?)\([^)]*\)|#[0-9a-f]+|transparent/i)?.[0] ?? '';
        const lengths = part
          .replace(color, '')
          .replace('inset', '')
          .trim()
          .split(/\s+/)
          .map((n) => parseFloat(n));
        return { color, spread: lengths[3] ?? 0 };
      });
    };
    const shows = (node: Element) => {
      const cs = getComputedStyle(node);
      const outline = cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0 && alpha(cs.outlineColor) > 0;
      const ring = layers(cs.boxShadow).some((l) => l.spread >= 1 && alpha(l.color) > 0);
      return outline || ring;
    };
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return { ok: false, what, why: 'it has no size' };
    if (rect.bottom < 0 || rect.top > innerHeight || rect.right < 0 || rect.left > innerWidth) {
      return { ok: false, what, why: 'it is outside the window' };
    }
    // WCAG 2.4.11: something else (the sticky header, a toast) must not cover it entirely.
    const points = [
      [0.5, 0.5],
      [0.1, 0.1],
      [0.9, 0.1],
      [0.1, 0.9],
      [0.9, 0.9],
    ]
      .map(([x, y]) => [rect.left + rect.width * x, rect.top + rect.height * y])
      .filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight);
    const seen = points.some(([x, y]) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && (el.contains(top) || top.contains(el));
    });
    if (!seen) {
      const cover = document.elementFromPoint(points[0]?.[0] ?? 0, points[0]?.[1] ?? 0);
      return { ok: false, what, why: `it is covered by <${cover?.tagName.toLowerCase() ?? 'nothing'}>` };
    }
    let node: Element | null = el;
    for (let i = 0; node && i < 4; i++, node = node.parentElement) {
      if (shows(node)) return { ok: true, what, why: '' };
    }
    return { ok: false, what, why: 'no outline or ring shows it' };
  });
}

/** Fails unless the focused element shows its focus. */
export async function expectVisibleFocus(page: Page, step: string): Promise<string> {
  const report = await focusReport(page);
  expect(report.ok, `${step}: focus on ${report.what}: ${report.why}`).toBe(true);
  return report.what;
}

/** Counts the key presses of a journey. */
export class Keys {
  presses = 0;
  /** The last few stops of the focus, for the message when a step fails. */
  private trail: string[] = [];
  constructor(readonly page: Page) {}

  /** Presses `key` and requires a visible focus afterwards. */
  async press(key: string, step = key): Promise<void> {
    await this.page.keyboard.press(key);
    this.presses++;
    const report = await focusReport(this.page);
    this.trail = [...this.trail.slice(-5), report.what];
    expect(report.ok, `${step}: focus on ${report.what}: ${report.why} (after ${this.trail.join(' → ')})`).toBe(true);
  }

  /**
   * Presses `key` on a control that opens another page: the new page's heading (`heading`) must
   * receive the focus, and show it.
   */
  async navigate(key: string, step: string, heading: Locator): Promise<void> {
    await this.page.keyboard.press(key);
    this.presses++;
    await expect(heading, `${step}: the new page's heading has the focus`).toBeFocused();
    await expectVisibleFocus(this.page, step);
  }

  /**
   * Presses `key` on a control whose work takes a moment (a form sent to the server: the button is
   * disabled, without its ring, while the request runs), waits for `done`, then requires a visible
   * focus.
   */
  async submit(key: string, step: string, done: () => Promise<void>): Promise<void> {
    await this.page.keyboard.press(key);
    this.presses++;
    await done();
    await expectVisibleFocus(this.page, step);
  }

  /** Types `text` into the focused field. */
  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text);
    this.presses += text.length;
  }

  /**
   * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times, requiring a
   * visible focus at every stop on the way.
   */
  async tabTo(target: Locator, what: string, { max = 60, back = false } = {}): Promise<void> {
    for (let i = 0; i < max; i++) {
      await this.press(back ? 'Shift+Tab' : 'Tab', `Tab towards ${what} (${i + 1})`);
      if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    }
    throw new Error(`${what} was not reached within ${max} presses of Tab`);
  }
}
