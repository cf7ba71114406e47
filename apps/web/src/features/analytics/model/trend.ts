import type { TrendFigures } from '@rota/contracts';

export type TrendFigure = keyof TrendFigures;

/** Rates (0–1) change by percentage points; every other figure by a percentage of the previous value. */
const RATES: ReadonlySet<TrendFigure> = new Set(['merge_rate', 'compliance']);
/** Where a rise is good: more merged, a higher merge rate, more compliance. Times and sizes: lower is better. */
const HIGHER_IS_BETTER: ReadonlySet<TrendFigure> = new Set([
  'throughput',
  'merge_rate',
  'compliance',
]);

export const isRate = (figure: TrendFigure) => RATES.has(figure);

export interface TrendDelta {
  direction: 'up' | 'down' | 'same';
  /** Whether the change is good news: green, red, or neither. */
  tone: 'good' | 'bad' | 'neutral';
  /**
   * Absolute: percentage points for rates (0.05 → 5 points), else the share of the previous value
   * (0.25 → 25 %). Null when the previous value is 0 and the figure is not a rate.
   */
  amount: number | null;
  unit: 'points' | 'percent';
}

/**
 * The change of one figure against the period before. Null when either side is unknown (the web
 * says "no data in the previous period").
 */
export function trendDelta(
  figure: TrendFigure,
  current: number | null,
  previous: number | null,
): TrendDelta | null {
  if (current === null || previous === null) return null;
  const difference = current - previous;
  const direction = difference > 0 ? 'up' : difference < 0 ? 'down' : 'same';
  const better = HIGHER_IS_BETTER.has(figure) ? difference > 0 : difference < 0;
  const tone = direction === 'same' ? 'neutral' : better ? 'good' : 'bad';
  if (RATES.has(figure))
    return { direction, tone, amount: Math.abs(difference) * 100, unit: 'points' };
  return {
    direction,
    tone,
    amount: previous === 0 ? (difference === 0 ? 0 : null) : Math.abs(difference) / previous,
    unit: 'percent',
  };
}
