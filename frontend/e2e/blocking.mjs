// Usage (from frontend/): npm run blocking -- <path> [--runs 5] [--slowdown 4] [--as-admin]
// Loads <path> in Chromium with its processor slowed by Chromium's own throttling (as DevTools
// does), traces the main thread, and prints each task over 50 ms with what it spent its time on,
// and the blocking time after the first contentful paint (the sum of each such task's time over
// 50 ms, as Lighthouse counts it). Starts the real server like the e2e run (the demo site:
// `/stories/1` is a story) or uses E2E_BASE_URL; --as-admin signs in as its super admin first
// (`/` is then Home). On these hosts a Lighthouse score moves by ten points from run to run; these
// traces, several runs a build and builds alternated, show a change of 50 ms (docs/benchmarks.md,
// "What the site's own scripts spent"). Like Lighthouse's, its trace has the category that makes V8
// parse React DOM again while it is evaluated ("What Lighthouse's own trace costs").
import { commandLine, measureRuns, median, signInAsAdmin } from './lib/page-runs.mjs';

const { pagePath, flag, asAdmin } = commandLine(process.argv.slice(2));
const runs = flag('runs', 5);
const slowdown = flag('slowdown', 4);
/** A task longer than this blocks input; what it takes beyond it counts (Lighthouse's rule). */
const LONG_TASK_MS = 50;
/** What a long task's time is broken down into. */
const PARTS = new Set([
  'EvaluateScript',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'MajorGC',
  'MinorGC',
]);

/** @param {any[]} events one page load's trace: the long tasks of its page's main thread */
function longTasks(events) {
  const totals = new Map();
  for (const e of events) {
    if (e.name === 'RunTask' && e.dur > 0)
      totals.set(`${e.pid}:${e.tid}`, (totals.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  }
  const main = [...totals].sort((a, b) => b[1] - a[1])[0]?.[0];
  const thread = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X');
  const pid = thread[0]?.pid;
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === pid)?.ts ?? thread[0]?.ts ?? 0;
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts;
  const tasks = thread
    .filter((t) => t.name === 'RunTask' && t.dur > LONG_TASK_MS * 1000)
    .map((t) => {
      const parts = new Map();
      for (const e of thread) {
        if (e === t || e.ts < t.ts || e.ts + e.dur > t.ts + t.dur || !PARTS.has(e.name)) continue;
        const url = e.args?.data?.url || e.args?.data?.stackTrace?.[0]?.url || e.args?.fileName || '';
        const key = url ? `${e.name} ${url.split('/').pop()}` : e.name;
        parts.set(key, (parts.get(key) ?? 0) + e.dur / 1000);
      }
      return {
        at: (t.ts - start) / 1000,
        ms: t.dur / 1000,
        afterPaint: paint === undefined || t.ts + t.dur > paint,
        parts,
      };
    });
  return { firstPaint: paint === undefined ? null : (paint - start) / 1000, tasks };
}

const { url, results: blocking } = await measureRuns(pagePath, runs, async (browser, url, run) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (asAdmin) await signInAsAdmin(context, url);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  /** @type {any[]} */
  const events = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...data.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'loading'],
    },
    transferMode: 'ReportEvents',
  });
  await page.goto(url, { waitUntil: 'load' });
  // The app starts after the paint and renders what its first answers bring: wait for that.
  await page.waitForTimeout(3_500);
  await cdp.send('Tracing.end');
  await complete;
  const { firstPaint, tasks } = longTasks(events);
  const blocked = tasks.filter((t) => t.afterPaint).reduce((sum, t) => sum + t.ms - LONG_TASK_MS, 0);
  console.log(`run ${run}: first contentful paint ${firstPaint === null ? '?' : Math.round(firstPaint)} ms`);
  for (const task of tasks) {
    const parts = [...task.parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([name, ms]) => `${name} ${Math.round(ms)}`)
      .join(', ');
    console.log(`  at ${Math.round(task.at)} ms, ${Math.round(task.ms)} ms: ${parts}`);
  }
  console.log(`  blocking time after the first paint: ${Math.round(blocked)} ms`);
  return blocked;
});
const sorted = [...blocking].sort((a, b) => a - b);
console.log(
  `${url} at ${slowdown}x: blocking time ${sorted.map(Math.round).join(', ')} ms, median ${Math.round(median(blocking))}`,
);
