// Fails when the built site is too heavy for a phone on a slow line: the landing
// page's script (the entry and what index.html preloads) must stay under 124 KB gzipped, and
// the first load of every other page (that plus the page's own chunk and what it imports)
// under 250 KB. Reads Vite's manifest in web/dist; run after `vite build`. (120 KB until the
// landing page's text came in the server's first HTML, painted before the script runs; the
// next kilobyte is what keeps a keyboard reader's focus across the app's takeover, and the one
// after it the page that says a page could not be shown, which must be in the first script
// since what it stands in for is a script that did not load: app/app-error-boundary.tsx. The
// next two are React DOM's renderer in a chunk of its own, evaluated in a task of its own
// (src/main.tsx): chunks compressed apart lose a little, about 2 KB, 10 ms on the slow line, for
// about 110 ms less of the phone's main thread held after the paint: docs/benchmarks.md, "Phones".)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { staticImports } from './static-imports.mjs';

const LANDING_BUDGET = 124 * 1024;
const PAGE_BUDGET = 250 * 1024;
const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

const gz = new Map();
function gzipped(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length);
  return gz.get(file);
}

/** Every script a chunk needs before it runs: itself and its static imports, recursively. */
const closure = (key, seen) => staticImports(key, (k) => manifest[k].imports ?? [], seen);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const weigh = (keys) => [...keys].reduce((sum, key) => sum + gzipped(manifest[key].file), 0);
// The app's entry (index.html's; `src/boot.ts`, the other entry, only starts it), and React DOM's
// renderer, which the entry imports as it starts (src/main.tsx) and index.html preloads beside it.
const entry = 'index.html';
const renderer = Object.keys(manifest).find((key) => key.endsWith('react-dom/client.js'));
if (!renderer) throw new Error('bundle budget: the build has no chunk of its own for react-dom/client');
const landing = closure(renderer, closure(entry));
let failed = false;
const landingBytes = weigh(landing);
console.log(`landing page script: ${kb(landingBytes)} gzipped (budget ${kb(LANDING_BUDGET)})`);
if (landingBytes > LANDING_BUDGET) failed = true;

const pages = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && key.includes('/features/'));
for (const page of pages.sort()) {
  const bytes = weigh(closure(page, new Set(landing)));
  const line = `  ${page.replace(/^src\/features\//, '')}: ${kb(bytes)} first load`;
  if (bytes > PAGE_BUDGET) {
    failed = true;
    console.log(`${line}  OVER ${kb(PAGE_BUDGET)}`);
  } else console.log(line);
}
if (failed) {
  console.error('bundle budget exceeded: load less up front (lazy pages, lighter dependencies)');
  process.exit(1);
}
