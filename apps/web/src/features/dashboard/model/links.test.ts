import { describe, expect, it } from 'vitest';
import { dashboardLinks, mergeTimeTrend } from './links';

describe('dashboard links and trend', () => {
  it('points each figure at the tab it comes from', () => {
    expect(dashboardLinks.review('p 1', 'rv/2')).toBe('/projects/p%201?tab=reviews&review=rv%2F2');
    expect(dashboardLinks.branches('p-1', 'r-1')).toBe('/projects/p-1?tab=branches&repo=r-1');
    expect(dashboardLinks.readme('p-1', 'r-2')).toBe('/projects/p-1?tab=readme&repo=r-2');
  });
  it('compares the median time to merge with the 30 days before', () => {
    expect(mergeTimeTrend(30, 40)).toBe(-0.25);
    expect(mergeTimeTrend(50, 40)).toBe(0.25);
    expect(mergeTimeTrend(null, 40)).toBeNull();
    expect(mergeTimeTrend(30, null)).toBeNull();
    expect(mergeTimeTrend(30, 0)).toBeNull();
  });
});
