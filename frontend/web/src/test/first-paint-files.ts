//! The server's first paints, kept as files in `app-server/src/pages/first_paint/` (see
//! `app/first-paint.tsx`): the tests that write them compare what React renders with them, and
//! `UPDATE_FIRST_PAINT=1 npx vitest run paint` rewrites them after a change to the components.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the server writes the site's name (`app-server/src/pages/first_paint.rs`). */
export const SITE_NAME_SLOT = '__SITE_NAME__';

const DIR = path.resolve(__dirname, '../../../../app-server/src/pages/first_paint');

/** Checks that `file` holds `html` (or writes it, with `UPDATE_FIRST_PAINT=1`). */
export function matchesPaintFile(file: string, html: string) {
  const full = path.join(DIR, file);
  if (process.env.UPDATE_FIRST_PAINT) writeFileSync(full, `${html}\n`);
  expect(readFileSync(full, 'utf8').trimEnd()).toBe(html);
}
