//! Small display helpers shared by story screens.
//!
//! Dates, times, counts and ages are written here by hand, in the site's one language (US English),
//! instead of through `Intl`: a phone spends 60 to 120 ms setting up the first `Intl` format (and
//! `Number.prototype.toLocaleString` sets one up on every call), which held the main thread as the
//! first story cards, a story's byline or the landing page's figures rendered (docs/benchmarks.md,
//! "Phones"). `format.test.ts` holds every function here to what `Intl` writes for the same value.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The time `value` (RFC 3339) names, or null when missing or unreadable. */
function readTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Mar 5, 2024' (local time) for a date. */
function dayOf(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** 'Mar 5, 2024' (local time) for an RFC 3339 timestamp; null when missing or unreadable. */
export function formatDate(value: string | null | undefined): string | null {
  const date = readTime(value);
  return date && dayOf(date);
}

/** '12,345': a whole number with a comma between each three digits. */
export function formatCount(count: number): string {
  const digits = String(Math.abs(Math.round(count))).replace(/\B(?=(\d{3})+$)/g, ',');
  return count < 0 ? `-${digits}` : digits;
}

/** '1 minute', '3 minutes': a count and its unit, singular for one. */
export function countOf(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** docs/product.md#screens: reading time = content length / 200, rounded up, in minutes. */
export function readingMinutes(content: string): number {
  return Math.ceil(content.length / 200);
}

export function fullName(person: { firstName?: string | null; lastName?: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ').trim();
}

/** Up to two initials for a generated avatar. */
export function initials(name: string, fallback = '?'): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  return letters || fallback;
}

/** 'Mar 5, 2024, 3:07 PM' (local time) for an RFC 3339 timestamp; null when missing or unreadable. */
export function formatDateTime(value: string | null | undefined): string | null {
  const date = readTime(value);
  if (!date) return null;
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${dayOf(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * How long something has waited in a moderation queue: 'less than a minute', '5 minutes',
 * '1 hour', '3 days', '2 months', '1 year' (whole units, rounded down); '' when unreadable.
 */
export function waitedFor(since: string, now: Date = new Date()): string {
  const then = new Date(since).getTime();
  if (Number.isNaN(then)) return '';
  // A server clock a little ahead of ours must not make the wait negative.
  const minutes = Math.max(0, Math.floor((now.getTime() - then) / 60_000));
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return countOf(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return countOf(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 30) return countOf(days, 'day');
  if (days < 365) return countOf(Math.floor(days / 30), 'month');
  return countOf(Math.floor(days / 365), 'year');
}
