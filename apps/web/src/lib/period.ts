import {
  ANALYTICS_PERIODS,
  AnalyticsMessages,
  DashboardQuerySchema,
  type AnalyticsPeriod,
} from '@rota/contracts';
import { formatDay } from './format';
import { browserTimeZone, currentTimeZone } from './time-zone';

/** The period a page asks for: a preset of the last N days, or whole days from–to (inclusive). */
export type PeriodChoice = { days: AnalyticsPeriod } | { from: string; to: string };

export const DEFAULT_PERIOD = { days: 30 } as const satisfies PeriodChoice;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period as the address carries it (`?days=90` or `?from=…&to=…`); anything unreadable → 30 days. */
export function periodFromSearch(params: URLSearchParams): PeriodChoice {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && ISO_DAY.test(from) && ISO_DAY.test(to) && rangeError(from, to) === null)
    return { from, to };
  const days = Number(params.get('days'));
  return (ANALYTICS_PERIODS as readonly number[]).includes(days)
    ? { days: days as AnalyticsPeriod }
    : DEFAULT_PERIOD;
}

/** Writes the period into the address, the default left out so links stay short. */
export function withPeriod(params: URLSearchParams, period: PeriodChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('days');
  next.delete('from');
  next.delete('to');
  if ('from' in period) {
    next.set('from', period.from);
    next.set('to', period.to);
  } else if (period.days !== DEFAULT_PERIOD.days) next.set('days', String(period.days));
  return next;
}

/** The query parameters the API takes for a period. */
export const periodParams = (period: PeriodChoice): Record<string, string | number> =>
  'from' in period ? { from: period.from, to: period.to } : { days: period.days };

export const samePeriod = (a: PeriodChoice, b: PeriodChoice) =>
  'from' in a
    ? 'from' in b && a.from === b.from && a.to === b.to
    : 'days' in b && a.days === b.days;

/** Which contracts message a custom range breaks, as its i18n key; null when the range is fine. */
export type RangeError = 'invalidDate' | 'rangeIncomplete' | 'rangeReversed' | 'rangeTooLong';
const ERROR_BY_MESSAGE: Record<string, RangeError> = {
  [AnalyticsMessages.invalidDate]: 'invalidDate',
  [AnalyticsMessages.rangeIncomplete]: 'rangeIncomplete',
  [AnalyticsMessages.rangeReversed]: 'rangeReversed',
  [AnalyticsMessages.rangeTooLong]: 'rangeTooLong',
};

/** Checks a custom range with the contracts' own rules (the server's), so both say the same. */
export function rangeError(from: string, to: string): RangeError | null {
  const parsed = DashboardQuerySchema.safeParse({
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  });
  if (parsed.success) return from && to ? null : 'rangeIncomplete';
  const message = parsed.error.issues[0]?.message ?? '';
  return ERROR_BY_MESSAGE[message] ?? 'invalidDate';
}

/**
 * Today's calendar day (YYYY-MM-DD) in a time zone (when not known yet, the one the user chose,
 * else the browser's); an unknown zone is read as UTC.
 */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  try {
    return format(timeZone ?? currentTimeZone() ?? browserTimeZone());
  } catch {
    return format('UTC');
  }
}

export interface Quarter {
  year: number;
  /** 1–4. */
  quarter: number;
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
const lastDayOfMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * This calendar quarter (up to today: a period cannot end in the future) and the four before it,
 * newest first, cut in the user's time zone.
 */
export function recentQuarters(timeZone: string | undefined, now: Date = new Date()): Quarter[] {
  const today = todayIn(timeZone, now);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const current = Math.floor((month - 1) / 3);
  return Array.from({ length: 5 }, (_, back) => {
    const index = year * 4 + current - back;
    const y = Math.floor(index / 4);
    const q = index - y * 4;
    const firstMonth = q * 3 + 1;
    const lastMonth = firstMonth + 2;
    const from = `${y}-${pad(firstMonth)}-01`;
    const end = `${y}-${pad(lastMonth)}-${pad(lastDayOfMonth(y, lastMonth))}`;
    return { year: y, quarter: q + 1, from, to: back === 0 ? today : end };
  });
}

/** The quarter a from–to range is exactly, if any (so the picker shows "2026 Q3" rather than "custom"). */
export function quarterOf(period: PeriodChoice, quarters: Quarter[]): Quarter | undefined {
  if (!('from' in period)) return undefined;
  return quarters.find((quarter) => quarter.from === period.from && quarter.to === period.to);
}

const shiftDay = (day: string, by: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);

/** The period of the same number of days that ends the day before `from` (what trends compare with). */
export function previousRange(from: string, days: number): { from: string; to: string } {
  return { from: shiftDay(from, -days), to: shiftDay(from, -1) };
}

/**
 * A range's first and last day as the UI language writes them short ("1 Eyl", "Sep 10"), with
 * their years when the range crosses one, so a year-long period is not read as a few days.
 */
export function dayRangeLabels(
  from: string,
  to: string,
  locale: string,
): { from: string; to: string } {
  if (from.slice(0, 4) === to.slice(0, 4))
    return { from: formatDay(from, locale), to: formatDay(to, locale) };
  const format = (day: string) =>
    new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`));
  return { from: format(from), to: format(to) };
}
