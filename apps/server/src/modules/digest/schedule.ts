import type { DigestFrequency } from '@rota/contracts';
import { wallClock } from '../../lib/wall-clock.js';

/*
 * When a digest goes out and which period it covers (docs/digest.md "Schedule"). Every instant is
 * worked out from the user's wall clock in their time zone, so a change of daylight-saving time
 * moves the UTC instant, never the local hour.
 */

const MINUTE = 60_000;
export const HOUR_MS = 60 * MINUTE;
const DAY_MS = 24 * HOUR_MS;
/** Time-zone offsets are whole quarter hours (UTC+5:45 included). */
const STEP = 15 * MINUTE;

export interface DigestSchedule {
  frequency: DigestFrequency;
  /** 0–23, local. */
  hour: number;
  /** ISO weekday 1 (Monday) … 7 (Sunday), for weekly digests. */
  weekday: number;
  /** IANA name; null is UTC. */
  timeZone: string | null;
}

export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** The wall-clock date and time of `instant` in `timeZone` (null: UTC). */
export function localTime(instant: number, timeZone: string | null) {
  const { year, month, day, hour, minute } = wallClock(instant, timeZone ?? 'UTC');
  return { year, month, day, hour, minute };
}

export const localDateOf = (instant: number, timeZone: string | null): LocalDate => {
  const { year, month, day } = localTime(instant, timeZone);
  return { year, month, day };
};

/** `date` moved by whole calendar days. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() || 7;
}

export const isoDate = (date: LocalDate): string =>
  `${date.year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

/**
 * The first instant whose wall clock in `timeZone` reads `hour`:00 on `date` or later. On the
 * night clocks go forward and the hour does not exist, that is the first minute after the gap
 * (02:00 → 03:00); on the night they go back and the hour happens twice, its first occurrence.
 */
export function instantAt(date: LocalDate, hour: number, timeZone: string | null): number {
  const target = Date.UTC(date.year, date.month - 1, date.day, hour);
  const wall = (instant: number) => {
    const local = localTime(instant, timeZone);
    return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  };
  // The offset at the target's UTC reading puts the answer within an hour or so (a change of
  // offset moves it by at most that); from two hours before, walk quarter hours to the first
  // instant at or past the target.
  const guess = target - (wall(target) - target);
  let instant = guess - 2 * HOUR_MS;
  if (wall(instant) >= target) instant = target - 15 * HOUR_MS;
  const last = target + 15 * HOUR_MS;
  while (instant <= last && wall(instant) < target) instant += STEP;
  return instant;
}

const ceilHour = (instant: number) => Math.ceil(instant / HOUR_MS) * HOUR_MS;

/** Whether a digest of `schedule` goes out on local `date` at all (weekly: its weekday only). */
function sendsOn(schedule: DigestSchedule, date: LocalDate): boolean {
  if (schedule.frequency === 'off') return false;
  return schedule.frequency === 'daily' || isoWeekday(date) === schedule.weekday;
}

export interface DigestSlot {
  /** The nominal send instant: the digest hour on the period's last local day. */
  at: number;
  /** The hourly run that sends it: the first whole UTC hour at or after `at`. */
  runAt: number;
  /** The local date of `at`: the dedupe key's day. */
  localDate: string;
  from: number;
  to: number;
  /** The period before it, same length in local days, for the deltas. */
  previousFrom: number;
}

function slotOn(schedule: DigestSchedule, date: LocalDate): DigestSlot {
  const days = schedule.frequency === 'weekly' ? 7 : 1;
  const at = instantAt(date, schedule.hour, schedule.timeZone);
  const from = instantAt(addDays(date, -days), schedule.hour, schedule.timeZone);
  return {
    at,
    runAt: ceilHour(at),
    localDate: isoDate(date),
    from,
    to: at,
    previousFrom: instantAt(addDays(date, -2 * days), schedule.hour, schedule.timeZone),
  };
}

/** The digest the hourly run at `runAt` (a whole UTC hour) sends, or null. */
export function slotDueAt(schedule: DigestSchedule, runAt: number): DigestSlot | null {
  if (schedule.frequency === 'off') return null;
  const today = localDateOf(runAt, schedule.timeZone);
  for (const offset of [-1, 0]) {
    const date = addDays(today, offset);
    if (!sendsOn(schedule, date)) continue;
    const slot = slotOn(schedule, date);
    if (slot.runAt === runAt) return slot;
  }
  return null;
}

/** The next digest as of `now`: the first whose hourly run is not before `now`. */
export function nextSlot(schedule: DigestSchedule, now: number): DigestSlot | null {
  if (schedule.frequency === 'off') return null;
  const today = localDateOf(now, schedule.timeZone);
  for (let offset = -1; offset <= 8; offset += 1) {
    const date = addDays(today, offset);
    if (!sendsOn(schedule, date)) continue;
    const slot = slotOn(schedule, date);
    if (slot.runAt >= now) return slot;
  }
  return null;
}

/**
 * The period a digest that is off would cover, for its preview: the last day ending at the
 * current hour.
 */
export function previewSlotWhenOff(schedule: DigestSchedule, now: number): DigestSlot {
  const date = localDateOf(now, schedule.timeZone);
  const hour = localTime(now, schedule.timeZone).hour;
  return slotOn({ ...schedule, frequency: 'daily', hour }, date);
}
