import { TREND_WEEKLY_MAX_WEEKS, type AnalyticsPeriod, type ResolvedPeriod } from '@rota/contracts';
import { wallClock } from './wall-clock.js';

/**
 * Periods of whole days in a user's time zone (docs/metrics.md "Period"): a preset of the last N
 * days ending today, or `from`..`to` inclusive. Every read that takes a period (analytics, delivery,
 * drill-down lists, the dashboard, a person's figures) resolves it here, so all cut the same days.
 */

const DAY_MS = 86_400_000;

export interface PeriodQuery {
  days: AnalyticsPeriod;
  from?: string | undefined;
  to?: string | undefined;
}

export interface PeriodWindow extends ResolvedPeriod {
  /** Every day of the period, YYYY-MM-DD, oldest first. */
  dates: string[];
}

/** Days since 1970-01-01 of a YYYY-MM-DD date (calendar arithmetic, no zone). */
export function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

/** The YYYY-MM-DD date of a day number. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Adds whole days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** The calendar date at `instant` in `timeZone`. */
export function dateIn(instant: number, timeZone: string): string {
  const clock = wallClock(instant, timeZone);
  return `${clock.year}-${String(clock.month).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`;
}

/**
 * The first instant of `date` in `timeZone` (its midnight, or the first instant after a
 * daylight-saving gap that swallowed midnight).
 */
export function startOfDay(date: string, timeZone: string): number {
  const target = dayNumber(date) * DAY_MS;
  let guess = target;
  // The zone's offset near the date: read the wall clock at the guess, move by the difference.
  for (let step = 0; step < 3; step += 1) {
    const clock = wallClock(guess, timeZone);
    const shown = Date.UTC(
      clock.year,
      clock.month - 1,
      clock.day,
      clock.hour,
      clock.minute,
      clock.second,
    );
    const next = guess - (shown - target);
    if (next === guess) break;
    guess = next;
  }
  // A gap at midnight leaves the guess on the day before: step to the day's first hour.
  while (dateIn(guess, timeZone) < date) guess += 3_600_000;
  return guess;
}

/** Resolves a period query in a time zone (UTC when the user has none) at `now`. */
export function resolvePeriod(
  query: PeriodQuery,
  timeZone: string | null | undefined,
  now: number,
): PeriodWindow {
  const zone = timeZone || 'UTC';
  const custom = query.from !== undefined && query.to !== undefined;
  const to = custom ? query.to! : dateIn(now, zone);
  const from = custom ? query.from! : addDays(to, -(query.days - 1));
  return windowOf(from, to, zone, now, custom ? null : query.days);
}

/**
 * The period of these days in `timeZone`; it ends at the last millisecond of `to` (so the next
 * day's first instant belongs to the next period alone, and an inclusive `until` is right), or at
 * `now` if sooner.
 */
export function windowOf(
  from: string,
  to: string,
  timeZone: string,
  now: number,
  preset: number | null = null,
): PeriodWindow {
  const days = dayNumber(to) - dayNumber(from) + 1;
  const since = startOfDay(from, timeZone);
  const end = startOfDay(addDays(to, 1), timeZone);
  const until = Math.max(since, Math.min(end - 1, now));
  return {
    days,
    preset,
    from,
    to,
    timeZone,
    since: new Date(since).toISOString(),
    until: new Date(until).toISOString(),
    dates: Array.from({ length: days }, (_, index) => addDays(from, index)),
  };
}

/** The period of the same length that ends the day before `period` starts. */
export function previousPeriod(period: PeriodWindow, now: number): PeriodWindow {
  const to = addDays(period.from, -1);
  return windowOf(addDays(to, -(period.days - 1)), to, period.timeZone, now);
}

export interface Bucket {
  from: string;
  to: string;
}

/**
 * The trend's buckets over a period: weeks starting on Monday, or calendar months when the period
 * is longer than 26 weeks; the first and last are cut to the period.
 */
export function trendBuckets(period: PeriodWindow): {
  granularity: 'week' | 'month';
  buckets: Bucket[];
} {
  const monthly = period.days > TREND_WEEKLY_MAX_WEEKS * 7;
  const buckets: Bucket[] = [];
  let from = period.from;
  while (from <= period.to) {
    let next: string;
    if (monthly) {
      const [year, month] = from.split('-').map(Number) as [number, number];
      next = dateOfDay(Date.UTC(year, month, 1) / DAY_MS);
    } else {
      // 1970-01-01 was a Thursday: day 4 is the first Monday.
      const weekday = (((dayNumber(from) - 4) % 7) + 7) % 7;
      next = addDays(from, 7 - weekday);
    }
    const to = addDays(next, -1) < period.to ? addDays(next, -1) : period.to;
    buckets.push({ from, to });
    from = next;
  }
  return { granularity: monthly ? 'month' : 'week', buckets };
}

/** A stable key of the days and zone, for stored answers. */
export function periodKey(period: Pick<PeriodWindow, 'from' | 'to' | 'timeZone'>): string {
  return `${period.from}..${period.to}@${period.timeZone}`;
}
