import { waitedFor } from './format';

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
