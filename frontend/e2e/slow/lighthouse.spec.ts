// Lighthouse (the npm package, driving Debian's Chromium through chrome-launcher) on the landing
// page, Home and a story with the desktop preset, and on those and the story browser (`/stories`, a
// visitor's and a member's) with the mobile preset and its default throttling (a mid-range phone on a slow 4G network: most
// readers arrive on a phone from a shared link): accessibility 100 in every run, and for the desktop
// preset performance 95 or more by the median of three runs. The mobile performance is measured and
// kept but not yet held to 95: the landing page, the story browser, a story and a member's Home and
// story browser paint from the first HTML response, and on a fast quiet machine every run clears 95, but the preset's 4x
// processor slowdown simulates a slower phone on a slower host (each run logs the host's benchmark
// index): a machine of the same kind at half the index scored the same code 88-97, and on a starved
// host Chromium itself presents a page's first frame up to a second late (static pages too), so
// holding 95 would pass or fail by the machine. docs/benchmarks.md ("Phones", "Presented, not
// committed") records the figures and where the blocking time goes. The scores measured go to
// test-results/slow-figures/lighthouse.json and to the log.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromiumLaunchOptions } from '../playwright.config';
import { scene } from './scene';
import { addFigures, FIGURES_DIR } from './sweep';

const s = scene();

const CHROME_FLAGS = [
  ...chromiumLaunchOptions.args,
  // Only this machine's server is reachable (the slow suites send no traffic elsewhere).
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/** Audits of each page; the median run's performance counts. */
const RUNS = 3;

type Scores = { accessibility: number; performance: number; metrics: Record<string, number | undefined> };

/**
 * One Lighthouse run of `url` in a fresh Chromium; `cookie` signs the page in. A run that could not
 * load the page at all (Chromium now and then shows an interstitial on a loaded machine) is tried
 * again, twice at most.
 */
async function audit(url: string, preset: Preset, cookie?: string, tries = 3): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, preset, cookie);
    } catch (error) {
      if (attempt >= tries || !(error instanceof LoadError)) throw error;
      console.log(`lighthouse ${url}: ${error.message}; trying again`);
    }
  }
}

class LoadError extends Error {}

/** Lighthouse's two presets: `desktop`, and its default, a phone with simulated throttling. */
type Preset = 'desktop' | 'mobile';

async function auditOnce(url: string, preset: Preset, cookie?: string): Promise<Scores> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['accessibility', 'performance'],
        extraHeaders: cookie ? { Cookie: cookie } : undefined,
      },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LoadError(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const failed = lhr.categories.accessibility.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id);
    if (failed.length) console.log(`lighthouse ${url}: accessibility audits failed: ${failed.join(', ')}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue;
    return {
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      metrics: {
        fcpMs: metric('first-contentful-paint'),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        speedIndexMs: metric('speed-index'),
        // How fast this machine's processor is by Lighthouse's own yardstick: its mobile preset
        // slows the processor 4x, which stands for a mid-range phone on a machine of about 1,500
        // (Lighthouse's throttling docs); a faster machine simulates a faster phone.
        benchmarkIndex: lhr.environment.benchmarkIndex,
      },
    };
  } finally {
    chrome.kill();
  }
}

/** Audits each page RUNS times with `preset`, keeps the figures, and checks the median run. */
async function auditPages(
  preset: Preset,
  pages: [string, string, string | undefined][],
  /** The median run's least performance score; `null` measures it without holding it to one. */
  performanceAtLeast: number | null,
): Promise<void> {
  // Lighthouse's own advice on variance: several runs, the median. Performance here is measured on
  // whatever else the machine is doing (total blocking time is CPU time), so each page is audited
  // RUNS times and judged by its median run; accessibility must be 100 in every run.
  const scores: Record<string, Scores & { runs: Scores[] }> = {};
  for (const [name, url, withCookie] of pages) {
    const runs: Scores[] = [];
    for (let run = 0; run < RUNS; run++) {
      const scored = await audit(url, preset, withCookie);
      runs.push(scored);
      console.log(
        `lighthouse ${preset} ${name} (run ${run + 1}): accessibility ${scored.accessibility}, performance ${scored.performance} ` +
          `(FCP ${Math.round(scored.metrics.fcpMs ?? 0)} ms, LCP ${Math.round(scored.metrics.lcpMs ?? 0)} ms, ` +
          `TBT ${Math.round(scored.metrics.tbtMs ?? 0)} ms, CLS ${(scored.metrics.cls ?? 0).toFixed(3)}, ` +
          `benchmark index ${Math.round(scored.metrics.benchmarkIndex ?? 0)})`,
      );
    }
    const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
    scores[name] = { ...median, accessibility: Math.min(...runs.map((r) => r.accessibility)), runs };
    console.log(
      `lighthouse ${preset} ${name}: accessibility ${scores[name].accessibility}, performance ${scores[name].performance} (median of ${RUNS})`,
    );
  }
  mkdirSync(FIGURES_DIR, { recursive: true });
  writeFileSync(path.join(FIGURES_DIR, `lighthouse-scores-${preset}.json`), `${JSON.stringify(scores, null, 2)}\n`);
  addFigures('lighthouse', preset, scores);

  for (const [name] of pages) {
    expect.soft(scores[name].accessibility, `${preset} ${name}: accessibility`).toBe(100);
    if (performanceAtLeast !== null) {
      expect
        .soft(scores[name].performance, `${preset} ${name}: performance`)
        .toBeGreaterThanOrEqual(performanceAtLeast);
    }
  }
}

/**
 * The pages audited: a member's cookie for Home (`/` signed in); with `withStoryBrowser`, the story
 * browser as a visitor and as a member (each painted by the server its own way).
 */
function pages(withStoryBrowser: boolean): [string, string, string | undefined][] {
  const base = process.env.E2E_BASE_URL!;
  const cookie = s.sessions.member!.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const storyBrowser: [string, string, string | undefined][] = [
    ['the story browser', `${base}/stories`, undefined],
    ["a member's story browser", `${base}/stories`, cookie],
  ];
  return [
    ['landing page', `${base}/`, undefined],
    ['Home', `${base}/`, cookie],
    ['a story', `${base}/stories/${s.liveStoryId}`, undefined],
    ...(withStoryBrowser ? storyBrowser : []),
  ];
}

test('Lighthouse (desktop): accessibility 100, performance 95 or more', async () => {
  test.setTimeout(300_000);
  await auditPages('desktop', pages(false), 95);
});

test('Lighthouse (mobile, default throttling): accessibility 100, performance measured', async () => {
  // Five pages, three runs each, at up to about 30 s a run on a slow host.
  test.setTimeout(600_000);
  await auditPages('mobile', pages(true), null);
});
