import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Blurs (`blur-*`) and backdrop filters (`backdrop-blur-*`) are drawn by the compositor on every
// frame that shows them; on a phone without GPU help that was most of what a frame cost (the
// sticky header's backdrop filter on every page, the landing page's glows: docs/benchmarks.md,
// "What a frame costs"). Soft shapes are radial gradients, and panels over a picture are nearly
// opaque instead.

const SRC = path.resolve(__dirname, '..');
const STYLESHEETS_AND_COMPONENTS = /\.(tsx|ts|css)$/;
const TESTS = /\.test\.tsx?$/;
/** A Tailwind blur or backdrop-filter class, or the CSS properties themselves. */
const BLUR = /(?<![\w-])(backdrop-)?blur(-[\w[\]()]+)?(?![\w-])|backdrop-filter|filter:\s*blur/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return STYLESHEETS_AND_COMPONENTS.test(entry.name) && !TESTS.test(entry.name) ? [full] : [];
  });
}

it('no component or stylesheet blurs what is behind it', () => {
  const files = sources(SRC);
  expect(files.length).toBeGreaterThan(50);
  const blurred = files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (BLUR.test(line) ? [`${path.relative(SRC, file)}:${index + 1}: ${line.trim()}`] : [])),
  );
  expect(blurred).toEqual([]);
});

it('the pattern finds the classes it forbids', () => {
  for (const used of [
    'sticky top-0 bg-background/95 backdrop-blur',
    'rounded-full bg-amber-200/50 blur-3xl',
    'backdrop-blur-sm',
    'blur-[2px] opacity-50',
    '  backdrop-filter: blur(8px);',
  ]) {
    expect(BLUR.test(used), used).toBe(true);
  }
  for (const fine of ['bg-radial-[closest-side] from-amber-200/50', 'onBlur={close}', 'handleBlur', 'shadow-sm']) {
    expect(BLUR.test(fine), fine).toBe(false);
  }
});
