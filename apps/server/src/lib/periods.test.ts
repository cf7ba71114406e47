import { describe, expect, it } from 'vitest';
import { previousPeriod, resolvePeriod, startOfDay, trendBuckets } from './periods.js';

const at = (iso: string) => Date.parse(iso);

describe('periods', () => {
  it('cuts a preset into whole days of the user’s time zone, today included', () => {
    // 22:30 UTC on 31 Dec is already 1 Jan in Istanbul (UTC+3).
    const period = resolvePeriod({ days: 7 }, 'Europe/Istanbul', at('2025-12-31T22:30:00Z'));
    expect(period).toMatchObject({
      days: 7,
      preset: 7,
      from: '2025-12-26',
      to: '2026-01-01',
      since: '2025-12-25T21:00:00.000Z',
      until: '2025-12-31T22:30:00.000Z',
    });
    expect(period.dates).toHaveLength(7);
  });

  it('ends a past custom period at the end of its last day, across a year boundary', () => {
    const period = resolvePeriod(
      { days: 30, from: '2025-12-15', to: '2026-01-14' },
      'America/New_York',
      at('2026-06-01T00:00:00Z'),
    );
    expect(period).toMatchObject({
      days: 31,
      preset: null,
      since: '2025-12-15T05:00:00.000Z',
      until: '2026-01-15T04:59:59.999Z',
    });
    expect(previousPeriod(period, at('2026-06-01T00:00:00Z'))).toMatchObject({
      from: '2025-11-14',
      to: '2025-12-14',
      days: 31,
    });
  });

  it('finds a day’s first instant across daylight-saving changes', () => {
    // Europe/Berlin moves to summer time on 29 March 2026: that day starts at 23:00 UTC the day before.
    expect(new Date(startOfDay('2026-03-29', 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(new Date(startOfDay('2026-03-30', 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    // America/Santiago skips midnight (00:00 → 01:00) on 6 September 2026.
    expect(new Date(startOfDay('2026-09-06', 'America/Santiago')).toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
  });

  it('buckets by Monday weeks up to 26 weeks and by months beyond', () => {
    const weeks = trendBuckets(
      resolvePeriod(
        { days: 30, from: '2026-01-01', to: '2026-01-14' },
        'UTC',
        at('2026-02-01T00:00:00Z'),
      ),
    );
    expect(weeks).toEqual({
      granularity: 'week',
      buckets: [
        { from: '2026-01-01', to: '2026-01-04' },
        { from: '2026-01-05', to: '2026-01-11' },
        { from: '2026-01-12', to: '2026-01-14' },
      ],
    });
    const months = trendBuckets(
      resolvePeriod(
        { days: 365, from: '2025-11-20', to: '2026-06-10' },
        'UTC',
        at('2026-07-01T00:00:00Z'),
      ),
    );
    expect(months.granularity).toBe('month');
    expect(months.buckets[0]).toEqual({ from: '2025-11-20', to: '2025-11-30' });
    expect(months.buckets.at(-1)).toEqual({ from: '2026-06-01', to: '2026-06-10' });
    expect(months.buckets).toHaveLength(8);
  });
});
