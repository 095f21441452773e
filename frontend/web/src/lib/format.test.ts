import { countOf, formatCount, formatDate, formatDateTime, waitedFor } from './format';

describe('waitedFor', () => {
  const now = new Date('2024-03-10T12:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it('counts whole units, rounded down', () => {
    expect(waitedFor(before(20_000), now)).toBe('less than a minute');
    expect(waitedFor(before(MINUTE), now)).toBe('1 minute');
    expect(waitedFor(before(59 * MINUTE), now)).toBe('59 minutes');
    expect(waitedFor(before(90 * MINUTE), now)).toBe('1 hour');
    expect(waitedFor(before(23 * HOUR), now)).toBe('23 hours');
    expect(waitedFor(before(3 * DAY + 5 * HOUR), now)).toBe('3 days');
    expect(waitedFor(before(45 * DAY), now)).toBe('1 month');
    expect(waitedFor(before(800 * DAY), now)).toBe('2 years');
  });

  it('never goes negative, and says nothing for an unreadable time', () => {
    expect(waitedFor(new Date(now.getTime() + 5 * MINUTE).toISOString(), now)).toBe('less than a minute');
    expect(waitedFor('not a date', now)).toBe('');
  });
});

// The functions write by hand what `Intl` writes (see format.ts): held to `Intl` itself here.
describe('dates, times and counts, as Intl writes them in US English', () => {
  // Every month, days of one and two digits, each hour of the day (midnight and noon), minutes
  // of one and two digits, across years.
  const times = Array.from({ length: 12 * 24 }, (_, i) => {
    const month = i % 12;
    const hour = i % 24;
    return new Date(2019 + (i % 9), month, 1 + ((i * 7) % 28), hour, (i * 13) % 60, 30);
  });
  const normalSpaces = (text: string) => text.replace(/\u202f/g, ' ');

  it('formatDate', () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (const time of times) expect(formatDate(time.toISOString())).toBe(intl.format(time));
    expect(formatDate(null)).toBeNull();
    expect(formatDate('')).toBeNull();
    expect(formatDate('not a date')).toBeNull();
  });

  it('formatDateTime', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    for (const time of times) expect(formatDateTime(time.toISOString())).toBe(normalSpaces(intl.format(time)));
    expect(formatDateTime(undefined)).toBeNull();
    expect(formatDateTime('not a date')).toBeNull();
  });

  it('formatCount', () => {
    for (const count of [0, 7, 42, 999, 1000, 9999, 12345, 100000, 999999, 1234567, 1000000000, -1, -1234, -1000000]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
    }
  });

  it('countOf', () => {
    expect(countOf(1, 'story')).toBe('1 story');
    expect(countOf(0, 'minute')).toBe('0 minutes');
    expect(countOf(2, 'day')).toBe('2 days');
  });
});
