import type { ActivityDay } from '@rota/contracts';
import { formatDay } from '../../lib/format';

export type ActivityUnit = 'day' | 'week' | 'month';

/** Up to 90 days a bar per day; up to 26 weeks a bar per week; beyond, per month. */
export function activityUnit(dayCount: number): ActivityUnit {
  if (dayCount <= 90) return 'day';
  return dayCount <= 26 * 7 ? 'week' : 'month';
}

/** The Monday of a day's week (weeks start on Monday, as the trends' do), YYYY-MM-DD. */
function weekStart(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const offset = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
}

const add = (a: number | null, b: number | null) =>
  a === null && b === null ? null : (a ?? 0) + (b ?? 0);

/**
 * Days summed into weeks or months, so a long period does not crush a phone's chart. Each row is
 * dated by its first day within the period (a week cut by the period's start begins on that day).
 * Commits stay null only when every day of the row has them null.
 */
export function aggregateActivity(days: ActivityDay[], unit: ActivityUnit): ActivityDay[] {
  if (unit === 'day') return days;
  const rows: ActivityDay[] = [];
  let key: string | undefined;
  for (const day of days) {
    const dayKey = unit === 'week' ? weekStart(day.date) : day.date.slice(0, 7);
    const last = rows.at(-1);
    if (last && dayKey === key) {
      last.commits = add(last.commits, day.commits);
      last.prs_opened += day.prs_opened;
      last.prs_closed += day.prs_closed;
      last.prs_merged += day.prs_merged;
    } else {
      rows.push({ ...day });
      key = dayKey;
    }
  }
  return rows;
}

/** A row's label: the day ("23 Kas"), the week by its first day, or the month ("Eyl 2026"). */
export function activityRowLabel(date: string, unit: ActivityUnit, locale: string): string {
  if (unit !== 'month') return formatDay(date, locale);
  const day = new Date(`${date}T00:00:00Z`);
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
}
