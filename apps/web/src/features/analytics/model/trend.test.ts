import { describe, expect, it } from 'vitest';
import { trendDelta } from './trend';

describe('trend deltas', () => {
  it('calls shorter times good and longer times bad, as a share of the previous value', () => {
    expect(trendDelta('time_to_merge', 30, 40)).toEqual({
      direction: 'down',
      tone: 'good',
      amount: 0.25,
      unit: 'percent',
    });
    expect(trendDelta('cycle_time', 60, 40)).toEqual({
      direction: 'up',
      tone: 'bad',
      amount: 0.5,
      unit: 'percent',
    });
  });

  it('calls a higher merge rate, compliance and throughput good; rates change by points', () => {
    expect(trendDelta('merge_rate', 0.6, 0.5)).toMatchObject({ tone: 'good', unit: 'points' });
    expect(trendDelta('merge_rate', 0.6, 0.5)?.amount).toBeCloseTo(10);
    expect(trendDelta('compliance', 0.7, 0.9)).toMatchObject({ direction: 'down', tone: 'bad' });
    expect(trendDelta('compliance', 0.7, 0.9)?.amount).toBeCloseTo(20);
    expect(trendDelta('throughput', 12, 8)).toMatchObject({ tone: 'good', amount: 0.5 });
  });

  it('calls smaller pull requests good', () => {
    expect(trendDelta('pr_size', 120, 200)).toMatchObject({ direction: 'down', tone: 'good' });
    expect(trendDelta('pr_size', 240, 200)).toMatchObject({ direction: 'up', tone: 'bad' });
  });

  it('is neutral when nothing changed, has no percentage from zero, and is null without a previous value', () => {
    expect(trendDelta('review_time', 5, 5)).toMatchObject({ direction: 'same', tone: 'neutral' });
    expect(trendDelta('throughput', 3, 0)).toEqual({
      direction: 'up',
      tone: 'good',
      amount: null,
      unit: 'percent',
    });
    expect(trendDelta('time_to_first_review', 5, null)).toBeNull();
    expect(trendDelta('time_to_first_review', null, 5)).toBeNull();
  });
});
