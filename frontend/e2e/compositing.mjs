// Usage (from frontend/): npm run compositing -- <path> [--runs 5]
// Loads <path> on a phone-sized screen (412 × 823 at 1.75×, as Lighthouse's mobile preset), waits,
// scrolls it down in 25 steps, and sums what Chromium's compositor spent outside the page's main
// thread: drawing frames (`Display::DrawAndSwap`, where blurs and backdrop filters are applied)
// and rastering tiles (`RasterTask`), run by run, with the median. Starts the real server like
// the e2e run (the demo site) or uses E2E_BASE_URL. Lighthouse does not see this work, but a
// phone pays it on every frame it scrolls (docs/benchmarks.md, "What a frame costs").
import { commandLine, measureRuns, median } from './lib/page-runs.mjs';

const { pagePath, flag } = commandLine(process.argv.slice(2));
const runs = flag('runs', 5);
/** Trace events summed, with the name printed for each. @type {Record<string, string>} */
const MEASURED = {
  'Display::DrawAndSwap': 'drawing',
  RasterTask: 'raster',
};
const SCROLL_STEPS = 25;

const { results: measured } = await measureRuns(pagePath, runs, async (browser, url, run) => {
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
  const sums = { drawing: 0, raster: 0, frames: 0 };
  for (const event of traceEvents) {
    const name = MEASURED[event.name];
    if (!name || event.ph !== 'X') continue;
    sums[name] += event.dur / 1000;
    if (name === 'drawing') sums.frames += 1;
  }
  console.log(
    `run ${run}: drawing ${Math.round(sums.drawing)} ms over ${sums.frames} frames, raster ${Math.round(sums.raster)} ms`,
  );
  return sums;
});
console.log(
  `${pagePath}, median of ${runs}: drawing ${Math.round(median(measured.map((m) => m.drawing)))} ms, ` +
    `raster ${Math.round(median(measured.map((m) => m.raster)))} ms`,
);
