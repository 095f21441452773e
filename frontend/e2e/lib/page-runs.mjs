// What the measuring tools (blocking.mjs, compositing.mjs) share: their command line, a page of a
// freshly started server (or of E2E_BASE_URL) loaded in a fresh Chromium run by run, and the median.
import { chromium } from '@playwright/test';
import { ADMIN_PASSWORD } from './secrets.mjs';
import { startServer } from './server.mjs';

/**
 * The page's path (the first argument starting with `/`), a reader of numeric flags (`--runs 5`)
 * and whether `--as-admin` was given.
 * @param {string[]} args
 */
export function commandLine(args) {
  /** @param {string} name @param {number} fallback */
  const flag = (name, fallback) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? Number(args[index + 1]) : fallback;
  };
  const pagePath = args.find((arg) => arg.startsWith('/')) ?? '/';
  return { pagePath, flag, asAdmin: args.includes('--as-admin') };
}

/**
 * Signs `context` in as the harness's super admin (the server started by `measureRuns`), so that
 * `/` is a signed-in person's Home.
 * @param {import('@playwright/test').BrowserContext} context
 * @param {string} url  any address of the site
 */
export async function signInAsAdmin(context, url) {
  const response = await context.request.post(new URL('/api/admin/login', url).toString(), {
    data: { username: 'admin', password: ADMIN_PASSWORD },
  });
  if (!response.ok()) throw new Error(`admin sign-in failed: ${response.status()}`);
}

/**
 * Runs `measure` `runs` times, each in a fresh Chromium, on `pagePath` of a freshly started server
 * (the demo site, like the e2e run) or of E2E_BASE_URL; answers the page's URL and each run's result.
 * @template T
 * @param {string} pagePath
 * @param {number} runs
 * @param {(browser: import('@playwright/test').Browser, url: string, run: number) => Promise<T>} measure
 * @returns {Promise<{ url: string, results: T[] }>}
 */
export async function measureRuns(pagePath, runs, measure) {
  const server = process.env.E2E_BASE_URL ? null : await startServer();
  const url = new URL(pagePath, process.env.E2E_BASE_URL ?? server?.baseURL).toString();
  /** @type {T[]} */
  const results = [];
  try {
    for (let run = 1; run <= runs; run++) {
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
      });
      try {
        results.push(await measure(browser, url, run));
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server?.stop();
  }
  return { url, results };
}

/** @param {number[]} values */
export function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}
