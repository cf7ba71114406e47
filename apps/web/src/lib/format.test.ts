import { describe, expect, it } from 'vitest';
import { currentTimeZone, setTimeZone } from './time-zone';
import {
  formatDateTime,
  formatDay,
  formatDuration,
  formatHours,
  formatRate,
  formatRelativeTime,
  formatShare,
} from './format';

const now = Date.parse('2025-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relative time', () => {
  it.each([
    [10, 'en', 'now'],
    [10, 'tr', 'şimdi'],
    [5 * 60, 'en', '5 minutes ago'],
    [3 * 60 * 60, 'tr', '3 saat önce'],
    [24 * 60 * 60, 'en', '1 day ago'],
    [3 * 24 * 60 * 60, 'en', '3 days ago'],
    [15 * 24 * 60 * 60, 'en', '2 weeks ago'],
    [70 * 24 * 60 * 60, 'en', '2 months ago'],
    [800 * 24 * 60 * 60, 'tr', '2 yıl önce'],
  ])('%i s ago in %s reads "%s"', (seconds, locale, expected) => {
    expect(formatRelativeTime(ago(seconds), locale, now)).toBe(expected);
  });

  const DAY = 24 * 60 * 60;
  it.each([
    [59, 'en', 'now'],
    [60, 'en', '1 minute ago'],
    [59 * 60, 'en', '59 minutes ago'],
    [60 * 60, 'en', '1 hour ago'],
    [DAY - 1, 'en', '23 hours ago'],
    [6 * DAY, 'en', '6 days ago'],
    [7 * DAY, 'en', '1 week ago'],
    [30 * DAY, 'en', '4 weeks ago'],
    [31 * DAY, 'en', '1 month ago'],
    [365 * DAY, 'en', '11 months ago'],
    [366 * DAY, 'en', '1 year ago'],
    [350 * DAY, 'tr', '11 ay önce'],
    [371 * DAY, 'tr', '1 yıl önce'],
    [DAY, 'tr', '1 gün önce'],
  ])('at the boundary %i s ago in %s reads "%s"', (seconds, locale, expected) => {
    expect(formatRelativeTime(ago(seconds), locale, now)).toBe(expected);
  });

  it('never says "12 months" or a calendar word: dates weeks apart read in neighbouring units', () => {
    const read = Array.from({ length: 800 }, (_, day) => [
      formatRelativeTime(ago(day * DAY + 3600), 'en', now),
      formatRelativeTime(ago(day * DAY + 3600), 'tr', now),
    ]).flat();
    expect(read.filter((text) => /\b12 months|last|yesterday|geçen|dün/.test(text))).toEqual([]);
    // Each day reads in the same unit as the day before it or the next larger one, never back.
    const order = ['hour', 'day', 'week', 'month', 'year'];
    const unitOf = (text: string) =>
      order.findIndex((unit) => new RegExp(`\\b${unit}s? ago`).test(text));
    const units = Array.from({ length: 800 }, (_, day) =>
      unitOf(formatRelativeTime(ago(day * DAY + 3600), 'en', now)),
    );
    expect(units.every((unit, i) => unit >= 0 && (i === 0 || unit >= units[i - 1]!))).toBe(true);
  });

  it('handles the future and bad input', () => {
    expect(formatRelativeTime(new Date(now + 2 * 60 * 60 * 1000), 'en', now)).toBe('in 2 hours');
    expect(formatRelativeTime('not a date', 'en', now)).toBe('');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });

  it('gives the absolute date for tooltips', () => {
    expect(formatDateTime('2025-06-15T12:00:00Z', 'en')).toMatch(/2025/);
  });

  it("shows the moment in the user's time zone: the chosen one, else the browser's", () => {
    const noon = '2025-06-15T12:00:00Z';
    expect(formatDateTime(noon, 'en', 'Asia/Tokyo')).toMatch(/^Jun 15, 2025, 9:00\sPM$/);
    expect(formatDateTime(noon, 'tr', 'Europe/Istanbul')).toBe('15 Haz 2025 15:00');
    setTimeZone('America/New_York');
    try {
      expect(formatDateTime(noon, 'en')).toMatch(/^Jun 15, 2025, 8:00\sAM$/);
      expect(localStorage.getItem('timeZone')).toBe('America/New_York');
    } finally {
      setTimeZone(null);
    }
    expect(localStorage.getItem('timeZone')).toBeNull();
    expect(formatDateTime(noon, 'en')).toBe(
      formatDateTime(noon, 'en', Intl.DateTimeFormat().resolvedOptions().timeZone),
    );
  });

  it('ignores a time zone this browser does not know', () => {
    setTimeZone('Mars/Olympus');
    expect(currentTimeZone()).toBeUndefined();
    expect(localStorage.getItem('timeZone')).toBeNull();
  });
});

describe('duration', () => {
  it.each([
    [0, 'en', '0 seconds'],
    [42, 'tr', '42 saniye'],
    [5 * 60, 'en', '5 minutes'],
    [3 * 60 * 60 + 59 * 60, 'tr', '3 saat'],
    [24 * 60 * 60, 'en', '1 day'],
    [3 * 24 * 60 * 60, 'tr', '3 gün'],
    [15 * 24 * 60 * 60, 'en', '2 weeks'],
    [400 * 24 * 60 * 60, 'en', '1 year'],
    [-5, 'en', '0 seconds'],
  ])('%i s in %s reads "%s"', (seconds, locale, expected) => {
    expect(formatDuration(seconds, locale)).toBe(expected);
  });
});

describe('hours (analytics flow times)', () => {
  it('reads minutes under an hour, hours under two days, days beyond, in each language', () => {
    expect(formatHours(0.5, 'en')).toBe('30 minutes');
    expect(formatHours(3.5, 'en')).toBe('3.5 hours');
    expect(formatHours(3.5, 'tr')).toBe('3,5 saat');
    expect(formatHours(60, 'en')).toBe('2.5 days');
    expect(formatHours(60, 'tr')).toBe('2,5 gün');
  });
  it('writes rates as percentages and days as short dates', () => {
    expect(formatRate(0.25, 'en')).toBe('25%');
    expect(formatRate(0.25, 'tr')).toBe('%25');
    expect(formatDay('2026-11-03', 'en')).toBe('Nov 3');
    expect(formatDay('2026-11-03', 'tr')).toBe('3 Kas');
  });
});

describe('shares', () => {
  it.each([
    [45.2, 'tr', 1, '%45,2'],
    [45.2, 'en', 1, '45.2%'],
    [0.3, 'en', 0, '<1%'],
    [0.3, 'tr', 0, '<%1'],
    [0.5, 'en', 0, '1%'],
    [0.04, 'en', 1, '<0.1%'],
    [0.05, 'en', 1, '0.1%'],
    [100, 'tr', 0, '%100'],
  ])('%f in %s with %i digits reads "%s"', (value, locale, digits, expected) => {
    expect(formatShare(value, locale, digits)).toBe(expected);
  });

  it('gives nothing for a zero share, so the caller leaves it out', () => {
    expect(formatShare(0, 'tr', 0)).toBeNull();
    expect(formatShare(Number.NaN, 'en')).toBeNull();
  });
});
