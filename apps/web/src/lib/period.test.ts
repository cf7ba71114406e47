import { describe, expect, it } from 'vitest';
import {
  periodFromSearch,
  previousRange,
  quarterOf,
  rangeError,
  recentQuarters,
  withPeriod,
} from './period';

const search = (query: string) => new URLSearchParams(query);

describe('periods in the address', () => {
  it('reads a preset, a range, and falls back to 30 days for anything else', () => {
    expect(periodFromSearch(search('days=90'))).toEqual({ days: 90 });
    expect(periodFromSearch(search('from=2026-07-01&to=2026-09-30&days=7'))).toEqual({
      from: '2026-07-01',
      to: '2026-09-30',
    });
    expect(periodFromSearch(search('days=45'))).toEqual({ days: 30 });
    expect(periodFromSearch(search('from=2026-09-30&to=2026-07-01'))).toEqual({ days: 30 });
    expect(periodFromSearch(search('from=2026-07-01'))).toEqual({ days: 30 });
  });

  it('writes a period over the previous one, keeping the other parameters and leaving 30 days out', () => {
    const start = search('tab=analytics&authors=all&from=2026-07-01&to=2026-09-30');
    expect(withPeriod(start, { days: 180 }).toString()).toBe('tab=analytics&authors=all&days=180');
    expect(withPeriod(search('tab=analytics&days=7'), { days: 30 }).toString()).toBe(
      'tab=analytics',
    );
    const range = withPeriod(search('days=7'), { from: '2025-10-01', to: '2025-12-31' });
    expect(periodFromSearch(range)).toEqual({ from: '2025-10-01', to: '2025-12-31' });
  });
});

describe('calendar quarters', () => {
  it('crosses a year boundary: this quarter up to today, then the four before it', () => {
    const quarters = recentQuarters('UTC', new Date('2027-02-10T12:00:00Z'));
    expect(quarters).toEqual([
      { year: 2027, quarter: 1, from: '2027-01-01', to: '2027-02-10' },
      { year: 2026, quarter: 4, from: '2026-10-01', to: '2026-12-31' },
      { year: 2026, quarter: 3, from: '2026-07-01', to: '2026-09-30' },
      { year: 2026, quarter: 2, from: '2026-04-01', to: '2026-06-30' },
      { year: 2026, quarter: 1, from: '2026-01-01', to: '2026-03-31' },
    ]);
  });

  it("cuts quarters in the user's time zone: New Year in Istanbul is still December in UTC", () => {
    const now = new Date('2026-12-31T22:30:00Z');
    expect(recentQuarters('Europe/Istanbul', now)[0]).toEqual({
      year: 2027,
      quarter: 1,
      from: '2027-01-01',
      to: '2027-01-01',
    });
    expect(recentQuarters('UTC', now)[0]).toMatchObject({ year: 2026, quarter: 4 });
  });

  it('recognises a range that is exactly a quarter', () => {
    const quarters = recentQuarters('UTC', new Date('2026-11-23T10:00:00Z'));
    expect(quarterOf({ from: '2026-07-01', to: '2026-09-30' }, quarters)).toMatchObject({
      quarter: 3,
    });
    expect(quarterOf({ from: '2026-07-01', to: '2026-09-29' }, quarters)).toBeUndefined();
    expect(quarterOf({ days: 90 }, quarters)).toBeUndefined();
  });
});

describe('custom ranges', () => {
  it("are checked with the contracts' rules", () => {
    expect(rangeError('2026-01-01', '2026-01-01')).toBeNull();
    expect(rangeError('2026-02-01', '2026-01-31')).toBe('rangeReversed');
    expect(rangeError('2023-01-01', '2025-12-31')).toBeNull();
    expect(rangeError('2023-01-01', '2026-01-01')).toBe('rangeTooLong');
    expect(rangeError('', '2026-01-02')).toBe('rangeIncomplete');
    expect(rangeError('', '')).toBe('rangeIncomplete');
    expect(rangeError('2026-02-30', '2026-03-01')).toBe('invalidDate');
  });

  it('compare with the same number of days just before', () => {
    expect(previousRange('2026-10-25', 30)).toEqual({ from: '2026-09-25', to: '2026-10-24' });
    expect(previousRange('2026-01-01', 90)).toEqual({ from: '2025-10-03', to: '2025-12-31' });
  });
});
