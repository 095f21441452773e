//! "3 minutes ago": the age of a comment, with its suffix (docs/product.md#screens).

import { countOf } from '@/lib/format';

/** `count` units ago, as `Intl.RelativeTimeFormat('en')` writes it (by hand: see lib/format.ts). */
const ago = (count: number, unit: string) => `${countOf(count, unit)} ago`;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** Whole units, rounded down, so a 90-second-old comment is "1 minute ago". */
export function relativeAge(value: string, now: Date = new Date()): string {
  const then = new Date(value).getTime();
  if (Number.isNaN(then)) return '';
  // A clock a little ahead of ours must not make a comment look like it comes from the future.
  const seconds = Math.max(0, Math.floor((now.getTime() - then) / 1000));
  if (seconds < 45) return 'less than a minute ago';
  if (seconds < HOUR) return ago(Math.max(1, Math.floor(seconds / MINUTE)), 'minute');
  if (seconds < DAY) return ago(Math.floor(seconds / HOUR), 'hour');
  if (seconds < MONTH) return ago(Math.floor(seconds / DAY), 'day');
  if (seconds < YEAR) return ago(Math.floor(seconds / MONTH), 'month');
  return ago(Math.floor(seconds / YEAR), 'year');
}
