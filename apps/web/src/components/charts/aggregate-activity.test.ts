import type { ActivityDay } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { activityRowLabel, activityUnit, aggregateActivity } from './aggregate-activity';

/** `count` consecutive days from `first`, each with one commit and `index` pull requests opened. */
function days(first: string, count: number, commits: (index: number) => number | null = () => 1) {
  const start = Date.parse(`${first}T00:00:00Z`);
  return Array.from({ length: count }, (_, index): ActivityDay => ({
    date: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
    commits: commits(index),
    prs_opened: index,
    prs_closed: 0,
    prs_merged: 1,
  }));
}

describe('activity over long periods', () => {
  it('keeps days up to 90, weeks up to 26 weeks, months beyond', () => {
    expect(activityUnit(30)).toBe('day');
    expect(activityUnit(90)).toBe('day');
    expect(activityUnit(91)).toBe('week');
    expect(activityUnit(180)).toBe('week');
    expect(activityUnit(365)).toBe('month');
  });

  it('sums days into Monday weeks, the first week cut by the period dated by its first day', () => {
    // 2026-11-04 is a Wednesday: five days to Sunday, then a full week, then one Monday.
    const rows = aggregateActivity(days('2026-11-04', 13), 'week');
    expect(rows.map((row) => row.date)).toEqual(['2026-11-04', '2026-11-09', '2026-11-16']);
    expect(rows.map((row) => row.commits)).toEqual([5, 7, 1]);
    expect(rows.map((row) => row.prs_opened)).toEqual([
      0 + 1 + 2 + 3 + 4,
      5 + 6 + 7 + 8 + 9 + 10 + 11,
      12,
    ]);
    expect(rows.map((row) => row.prs_merged)).toEqual([5, 7, 1]);
  });

  it('sums a year into calendar months, and keeps commits unknown only where every day is', () => {
    const year = days('2025-11-24', 365, (index) => (index < 40 ? null : 2));
    const rows = aggregateActivity(year, 'month');
    expect(rows).toHaveLength(13);
    expect(rows[0]).toMatchObject({ date: '2025-11-24', commits: null, prs_merged: 7 });
    // Days 0–39 are unknown: all of November and December, and 1–2 January.
    expect(rows[1]).toMatchObject({ date: '2025-12-01', commits: null, prs_merged: 31 });
    expect(rows[2]).toMatchObject({ date: '2026-01-01', commits: 29 * 2, prs_merged: 31 });
    expect(rows.at(-1)).toMatchObject({ date: '2026-11-01' });
    const total = (list: ActivityDay[]) => list.reduce((sum, row) => sum + row.prs_merged, 0);
    expect(total(rows)).toBe(365);
  });

  it('leaves the days as they are per day, and names a month with its year', () => {
    const list = days('2026-11-01', 7);
    expect(aggregateActivity(list, 'day')).toBe(list);
    expect(activityRowLabel('2026-09-01', 'month', 'en')).toBe('Sep 2026');
    expect(activityRowLabel('2026-09-07', 'week', 'en')).toBe('Sep 7');
  });
});
