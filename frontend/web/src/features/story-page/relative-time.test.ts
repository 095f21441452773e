import { relativeAge } from './relative-time';

const now = new Date('2024-03-05T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('relativeAge', () => {
  it.each([
    [10, 'less than a minute ago'],
    [50, '1 minute ago'],
    [3 * 60 + 20, '3 minutes ago'],
    [60 * 60, '1 hour ago'],
    [5 * 60 * 60, '5 hours ago'],
    [2 * 24 * 60 * 60, '2 days ago'],
    [70 * 24 * 60 * 60, '2 months ago'],
    [800 * 24 * 60 * 60, '2 years ago'],
  ])('%i seconds old reads "%s"', (seconds, expected) => {
    expect(relativeAge(ago(seconds), now)).toBe(expected);
  });

  it('treats a time slightly in the future as just posted', () => {
    expect(relativeAge(ago(-30), now)).toBe('less than a minute ago');
  });
});

describe('relativeAge, as Intl.RelativeTimeFormat writes it', () => {
  const intl = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
  it.each([
    [60, 1, 'minute'],
    [59 * 60, 59, 'minute'],
    [60 * 60, 1, 'hour'],
    [23 * 60 * 60, 23, 'hour'],
    [24 * 60 * 60, 1, 'day'],
    [29 * 24 * 60 * 60, 29, 'day'],
    [30 * 24 * 60 * 60, 1, 'month'],
    [364 * 24 * 60 * 60, 12, 'month'],
    [365 * 24 * 60 * 60, 1, 'year'],
    [3650 * 24 * 60 * 60, 10, 'year'],
  ] as const)('%i seconds old', (seconds, count, unit) => {
    expect(relativeAge(ago(seconds), now)).toBe(intl.format(-count, unit));
  });
});
