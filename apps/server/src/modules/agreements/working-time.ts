import { minutesOf, type WorkingTime } from '@rota/contracts';
import { wallClock } from '../../lib/wall-clock.js';

/*
 * Working time arithmetic (docs/agreements.md "Working time"): the moments inside a project's
 * working hours on its working weekdays, in its time zone. Each local working day's interval is
 * turned into UTC instants on its own, so a daylight-saving change moves the interval with the
 * clock and a day is never 23 or 25 working hours. Holidays are not modelled.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Far enough for any threshold (200 working hours with one working hour a week is ~4 years). */
const MAX_DAYS = 3 * 366 + 400;

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = wallClock(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant the wall clock of `timeZone` shows `minutes` after midnight of the local date
 * (`dayUtc`: that date at 00:00 UTC). In a spring-forward gap the clock's later reading is used.
 */
function instantOf(dayUtc: number, minutes: number, timeZone: string): number {
  const wall = dayUtc + minutes * MINUTE;
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return Math.max(first, second);
}

/** The local date of `instant` in `timeZone`, as that date at 00:00 UTC. */
function localDay(instant: number, timeZone: string): number {
  const p = wallClock(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day);
}

/** ISO weekday (1 Monday … 7 Sunday) of a date given at 00:00 UTC. */
function isoWeekday(dayUtc: number): number {
  const day = new Date(dayUtc).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The working intervals [start, end) of the local days from `from`'s day on, in UTC ms. */
function* workingIntervals(from: number, time: WorkingTime): Generator<[number, number]> {
  const start = minutesOf(time.start);
  const end = minutesOf(time.end);
  const weekdays = new Set(time.weekdays);
  let day = localDay(from, time.timeZone);
  for (let index = 0; index < MAX_DAYS; index += 1, day += DAY) {
    if (!weekdays.has(isoWeekday(day))) continue;
    yield [instantOf(day, start, time.timeZone), instantOf(day, end, time.timeZone)];
  }
}

/** Working time between two moments, in hours (0 when `to` is not after `from`). */
export function workingDuration(from: Date, to: Date, time: WorkingTime): number {
  const begin = from.getTime();
  const finish = to.getTime();
  if (!(finish > begin)) return 0;
  let total = 0;
  for (const [start, end] of workingIntervals(begin, time)) {
    if (start >= finish) break;
    total += Math.max(0, Math.min(end, finish) - Math.max(start, begin));
  }
  return total / HOUR;
}

/**
 * The moment `hours` working hours after `start`. Zero hours from outside working time is the
 * start itself. Null only when the working time has no working minute (never for a valid one).
 */
export function addWorkingHours(start: Date, hours: number, time: WorkingTime): Date | null {
  const begin = start.getTime();
  let left = hours * HOUR;
  if (left <= 0) return new Date(begin);
  for (const [from, to] of workingIntervals(begin, time)) {
    if (to <= begin) continue;
    const open = Math.max(from, begin);
    const available = to - open;
    if (left <= available) return new Date(open + left);
    left -= available;
  }
  return null;
}
