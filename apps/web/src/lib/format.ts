import { currentTimeZone } from './time-zone';

/**
 * Every number, size, share and date the UI shows, in the UI language, from `Intl` (no date or
 * number library): "12.388" and "%45,2" in Turkish, "12,388" and "45.2%" in English. Sentences
 * in the catalogues format their numbers with i18next's `{{count, number}}`, which uses the same
 * `Intl.NumberFormat` for the same language. Dates and times are in the user's time zone (their
 * settings, else the browser's: lib/time-zone).
 */

/**
 * One formatter per language and options, made once: building an `Intl` formatter costs far more
 * than using one (the full report formats a few thousand dates and numbers; making a formatter for
 * each was ~600 ms of a phone's CPU in Lighthouse's 4× throttle).
 */
const formatters = new Map<
  string,
  Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat
>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  kind: string,
  locale: string,
  options: object,
  make: () => F,
): F {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) formatters.set(key, (formatter = make()));
  return formatter;
}

const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  cached('number', locale, options, () => new Intl.NumberFormat(locale, options));

const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  cached('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

/** Numbers as the UI language writes them ("1.234" in Turkish, "1,234" in English). */
export const formatNumber = (value: number, locale: string, digits = 0) =>
  numberFormat(locale, { maximumFractionDigits: digits }).format(value);

/** Shares arrive as percentages (0–100). */
export const formatPercent = (value: number, locale: string, digits = 1) =>
  numberFormat(locale, { style: 'percent', maximumFractionDigits: digits }).format(value / 100);

/**
 * A share of a whole (0–100) as it is shown beside a name ("Go %98,7 · Makefile <%1"): the one
 * formatter for shares, so no page writes "%0" next to something that is there. A share that
 * rounds to zero at `digits` reads "<1%" (the smallest written step) when it is not zero, and a
 * zero share is `null`: the caller leaves it out, since "0%" says nothing a missing entry does not.
 */
export function formatShare(value: number, locale: string, digits = 1): string | null {
  if (!(value > 0)) return null;
  const step = 10 ** -digits;
  if (value < step / 2) return `<${formatPercent(step, locale, digits)}`;
  return formatPercent(value, locale, digits);
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes in binary steps with the unit names everyone reads (KB = 1024 B, as GitHub shows them). */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, locale, unit === 0 ? 0 : 1)} ${UNITS[unit]}`;
}

/**
 * "3 hours ago" / "3 saat önce" in the UI language, from Intl (no date library): the one relative
 * time of the app. The unit is the largest whole one that fits and every count is truncated, so the
 * units meet at fixed boundaries: a year is 365.25 days and nothing under it reads in years, a
 * month is 30.44 days, so months run 1–11 and never "12 months ago" beside a "1 year ago" three
 * weeks older. Counts are always numbers ("1 year ago", not "last year"; "1 day ago", not
 * "yesterday"): Intl's calendar words ("geçen yıl") follow the calendar, not the elapsed time, and
 * read inconsistently next to counted neighbours. Under a minute reads "now" / "şimdi".
 */
const DAY = 24 * 60 * 60;
const TIME_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365.25 * DAY],
  ['month', (365.25 / 12) * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', 60 * 60],
  ['minute', 60],
];

export function formatRelativeTime(
  value: string | Date,
  locale: string,
  now: number = Date.now(),
): string {
  const time = typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(time)) return '';
  const seconds = (time - now) / 1000;
  for (const [unit, size] of TIME_UNITS) {
    if (Math.abs(seconds) >= size) {
      const counted = cached(
        'relative',
        locale,
        { numeric: 'always' },
        () => new Intl.RelativeTimeFormat(locale, { numeric: 'always' }),
      );
      return counted.format(Math.trunc(seconds / size), unit);
    }
  }
  const words = cached(
    'relative',
    locale,
    { numeric: 'auto' },
    () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  );
  return words.format(0, 'second');
}

/**
 * The full date and time, for a tooltip next to the relative text, in the user's time zone
 * (`timeZone` undefined: the browser's own).
 */
export function formatDateTime(
  value: string | Date,
  locale: string,
  timeZone: string | undefined = currentTimeZone(),
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}

/**
 * A length of time in its largest whole unit, "3 days" / "3 gün", from Intl's unit names (no
 * catalogue entry per unit). Under a minute reads as seconds, so nothing shows "0 minutes".
 */
export function formatDuration(seconds: number, locale: string): string {
  const value = Math.max(0, seconds);
  const [unit, size] = TIME_UNITS.find(([, size]) => value >= size) ?? ['second', 1];
  return numberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: 0,
  }).format(Math.trunc(value / size));
}

/**
 * A flow time given in hours (the analytics API's unit), in the unit a reader thinks in: minutes
 * under an hour, hours under two days, days beyond, with one decimal ("3,5 saat", "2.1 days").
 */
export function formatHours(hours: number, locale: string): string {
  const value = Math.max(0, hours);
  const [unit, amount, digits]: [string, number, number] =
    value < 1
      ? ['minute', value * 60, 0]
      : value < 48
        ? ['hour', value, 1]
        : ['day', value / 24, 1];
  return numberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
    maximumFractionDigits: digits,
  }).format(amount);
}

/** A rate given as a fraction (0–1), as a percentage in the UI language. */
export const formatRate = (value: number, locale: string, digits = 0) =>
  formatPercent(value * 100, locale, digits);

/**
 * A calendar day (`YYYY-MM-DD`, UTC) as the UI language writes it short: "23 Kas" / "Nov 23".
 * A day, not a moment: the figures are counted per UTC day, so no time zone moves it.
 */
export function formatDay(day: string, locale: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return dateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date);
}
