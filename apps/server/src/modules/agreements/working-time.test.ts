import { describe, expect, it } from 'vitest';
import type { WorkingTime } from '@rota/contracts';
import { addWorkingHours, workingDuration } from './working-time.js';

const istanbul: WorkingTime = {
  timeZone: 'Europe/Istanbul',
  weekdays: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '18:00',
};
const berlin: WorkingTime = { ...istanbul, timeZone: 'Europe/Berlin' };
const newYork: WorkingTime = { ...istanbul, timeZone: 'America/New_York' };
const at = (iso: string) => new Date(iso);

describe('working time', () => {
  it('counts only working hours inside one day (Istanbul is UTC+3)', () => {
    // Monday 2026-06-15 08:00–20:00 local = 05:00–17:00 UTC: 09:00–18:00 counts, 9 h.
    expect(workingDuration(at('2026-06-15T05:00:00Z'), at('2026-06-15T17:00:00Z'), istanbul)).toBe(
      9,
    );
    expect(workingDuration(at('2026-06-15T08:00:00Z'), at('2026-06-15T09:30:00Z'), istanbul)).toBe(
      1.5,
    );
  });

  it('a Friday-evening pull request is not late on Saturday: the weekend does not count', () => {
    // Friday 2026-06-19 17:00 local (14:00 UTC) to Monday 10:00 local (07:00 UTC): 1 h + 1 h.
    const friday = at('2026-06-19T14:00:00Z');
    expect(workingDuration(friday, at('2026-06-20T14:00:00Z'), istanbul)).toBe(1);
    expect(workingDuration(friday, at('2026-06-22T07:00:00Z'), istanbul)).toBe(2);
    // 4 working hours from Friday 17:00: 1 h on Friday, 3 h on Monday → Monday 12:00 local.
    expect(addWorkingHours(friday, 4, istanbul)?.toISOString()).toBe('2026-06-22T09:00:00.000Z');
  });

  it('starting outside working hours starts at the next working morning', () => {
    // Saturday noon + 1 h → Monday 10:00 local.
    expect(addWorkingHours(at('2026-06-20T09:00:00Z'), 1, istanbul)?.toISOString()).toBe(
      '2026-06-22T07:00:00.000Z',
    );
    // Tuesday 07:00 local + 9 h → Tuesday 18:00 local exactly.
    expect(addWorkingHours(at('2026-06-16T04:00:00Z'), 9, istanbul)?.toISOString()).toBe(
      '2026-06-16T15:00:00.000Z',
    );
  });

  it('a whole working week is 45 hours, whichever time zone', () => {
    for (const time of [istanbul, berlin, newYork])
      expect(
        workingDuration(at('2026-06-14T00:00:00Z'), at('2026-06-22T00:00:00Z'), time),
        time.timeZone,
      ).toBe(45);
  });

  it('across midnight in another time zone: Friday evening in New York is Saturday in UTC', () => {
    // New York is UTC−4 in June. Friday 17:30 New York = 21:30 UTC; to Saturday 02:00 UTC (Friday 22:00 New York): 0.5 h.
    expect(workingDuration(at('2026-06-19T21:30:00Z'), at('2026-06-20T02:00:00Z'), newYork)).toBe(
      0.5,
    );
    // Saturday 00:30 UTC is still Friday 20:30 in New York: 2 h later lands on Monday 11:00 local.
    expect(addWorkingHours(at('2026-06-20T00:30:00Z'), 2, newYork)?.toISOString()).toBe(
      '2026-06-22T15:00:00.000Z',
    );
    // Monday 01:00 UTC is Sunday evening in New York: nothing counted before Monday 09:00 local.
    expect(workingDuration(at('2026-06-22T01:00:00Z'), at('2026-06-22T13:00:00Z'), newYork)).toBe(
      0,
    );
  });

  it('daylight saving: the working day moves with the clock and stays 9 hours', () => {
    // Berlin springs forward on Sunday 2026-03-29: 09:00 local is 08:00 UTC on Friday the 27th
    // (CET, UTC+1) and 07:00 UTC on Monday the 30th (CEST, UTC+2).
    expect(addWorkingHours(at('2026-03-27T16:00:00Z'), 2, berlin)?.toISOString()).toBe(
      '2026-03-30T08:00:00.000Z',
    );
    expect(workingDuration(at('2026-03-30T00:00:00Z'), at('2026-03-31T00:00:00Z'), berlin)).toBe(9);
    // New York falls back on Sunday 2026-11-01: from Friday 18:00 EDT (22:00 UTC), 1 h ends on
    // Monday 10:00 EST, 15:00 UTC.
    expect(addWorkingHours(at('2026-10-30T22:00:00Z'), 1, newYork)?.toISOString()).toBe(
      '2026-11-02T15:00:00.000Z',
    );
  });

  it('chosen weekdays and hours are respected (a Sunday–Thursday week, 10:00–14:00)', () => {
    const time: WorkingTime = {
      timeZone: 'UTC',
      weekdays: [7, 1, 2, 3, 4],
      start: '10:00',
      end: '14:00',
    };
    // Friday and Saturday are off: Thursday 13:00 + 3 h → Sunday 12:00.
    expect(addWorkingHours(at('2026-06-18T13:00:00Z'), 3, time)?.toISOString()).toBe(
      '2026-06-21T12:00:00.000Z',
    );
    expect(workingDuration(at('2026-06-18T00:00:00Z'), at('2026-06-21T23:00:00Z'), time)).toBe(8);
  });

  it('an empty or reversed span is no working time', () => {
    expect(workingDuration(at('2026-06-16T10:00:00Z'), at('2026-06-16T09:00:00Z'), istanbul)).toBe(
      0,
    );
    expect(addWorkingHours(at('2026-06-16T10:00:00Z'), 0, istanbul)?.toISOString()).toBe(
      '2026-06-16T10:00:00.000Z',
    );
  });
});
