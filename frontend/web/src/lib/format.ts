//! Small display helpers shared by story screens.

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Mar 5, 2024' for an RFC 3339 timestamp; null when missing or unreadable. */
export function formatDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
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

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Mar 5, 2024, 3:07 PM' (local time) for an RFC 3339 timestamp; null when missing or unreadable. */
export function formatDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateTimeFormat.format(date);
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
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return unit(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 30) return unit(days, 'day');
  if (days < 365) return unit(Math.floor(days / 30), 'month');
  return unit(Math.floor(days / 365), 'year');
}
