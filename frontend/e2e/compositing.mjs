// Usage (from frontend/): npm run compositing -- <path> [--runs 5]
// Loads <path> on a phone-sized screen (412 × 823 at 1.75×, as Lighthouse's mobile preset), waits,
// scrolls it down in 25 steps, and sums what Chromium's compositor spent outside the page's main
// thread: drawing frames (`Display::DrawAndSwap`, where blurs and backdrop filters are applied)
// and rastering tiles (`RasterTask`), run by run, with the median. Starts the real server like
// the e2e run (the demo site) or uses E2E_BASE_URL. Lighthouse does not see this work, but a
// phone pays it on every frame it scrolls (docs/benchmarks.md, "What a frame costs").
import { chromium } from '@playwright/test';
import { startServer } from './lib/server.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const pagePath = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--runs') ?? '/';
/** Trace events summed, with the name printed for each. @type {Record<string, string>} */
const MEASURED = {
  'Display::DrawAndSwap': 'drawing',
  RasterTask: 'raster',
};
const SCROLL_STEPS = 25;

const server = process.env.E2E_BASE_URL ? null : await startServer();
const url = new URL(pagePath, process.env.E2E_BASE_URL ?? server?.baseURL).toString();
/** @type {Record<string, number>[]} */
const measured = [];
try {
  for (let run = 1; run <= runs; run++) {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
    });
    try {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await browser.startTracing(page, { categories: ['cc', 'viz', 'toplevel'] });
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForTimeout(2_500);
      for (let step = 0; step < SCROLL_STEPS; step++) {
        await page.mouse.wheel(0, 250);
        await page.waitForTimeout(60);
      }
      await page.waitForTimeout(500);
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
      /** @type {Record<string, number>} */
      const sums = { frames: 0 };
      for (const event of traceEvents) {
        const name = MEASURED[event.name];
        if (!name || event.ph !== 'X') continue;
        sums[name] = (sums[name] ?? 0) + event.dur / 1000;
        if (name === 'drawing') sums.frames += 1;
      }
      measured.push(sums);
      console.log(
        `run ${run}: drawing ${Math.round(sums.drawing ?? 0)} ms over ${sums.frames} frames, raster ${Math.round(sums.raster ?? 0)} ms`,
      );
    } finally {
      await browser.close();
    }
  }
} finally {
  await server?.stop();
}
/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `${pagePath}, median of ${runs}: drawing ${Math.round(median(measured.map((m) => m.drawing ?? 0)))} ms, ` +
    `raster ${Math.round(median(measured.map((m) => m.raster ?? 0)))} ms`,
);
