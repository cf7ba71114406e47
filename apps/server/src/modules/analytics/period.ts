import type { AnalyticsPeriod } from '@rota/contracts';

const DAY_MS = 86_400_000;

export interface Period {
  days: number;
  /** Start of the first day (UTC midnight), ISO. */
  since: string;
  /** The computation instant, ISO. */
  until: string;
  /** Every day of the period, YYYY-MM-DD, oldest first. */
  dates: string[];
}

/** The period as answers name it (contracts' `ResolvedPeriod`): preset days in UTC. */
export function resolvedPreset(period: Period) {
  return {
    days: period.days,
    preset: period.days,
    from: period.dates[0]!,
    to: period.dates[period.dates.length - 1]!,
    timeZone: 'UTC',
    since: period.since,
    until: period.until,
  };
}

/** The last `days` whole UTC days ending now, today included (docs/metrics.md "Period"). */
export function periodEnding(now: number, days: AnalyticsPeriod | number): Period {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const first = today - (days - 1) * DAY_MS;
  const dates = Array.from({ length: days }, (_, index) =>
    new Date(first + index * DAY_MS).toISOString().slice(0, 10),
  );
  return {
    days,
    since: new Date(first).toISOString(),
    until: new Date(now).toISOString(),
    dates,
  };
}
