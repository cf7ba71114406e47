import { describe, expect, it } from 'vitest';
import { instantAt, nextSlot, slotDueAt, type DigestSchedule } from './schedule.js';

const at = (text: string) => Date.parse(text);
const iso = (instant: number) => new Date(instant).toISOString();
const daily = (hour: number, timeZone: string | null): DigestSchedule => ({
  frequency: 'daily',
  hour,
  weekday: 1,
  timeZone,
});

describe('digest schedule', () => {
  it('sends at 09:00 in Istanbul (UTC+3) and 09:00 in Los Angeles, summer and winter alike', () => {
    const istanbul = daily(9, 'Europe/Istanbul');
    expect(slotDueAt(istanbul, at('2026-06-15T06:00:00Z'))?.localDate).toBe('2026-06-15');
    expect(slotDueAt(istanbul, at('2026-06-15T05:00:00Z'))).toBeNull();
    expect(slotDueAt(istanbul, at('2026-06-15T07:00:00Z'))).toBeNull();
    const losAngeles = daily(9, 'America/Los_Angeles');
    // Summer: PDT, UTC−7; winter: PST, UTC−8.
    expect(slotDueAt(losAngeles, at('2026-06-15T16:00:00Z'))?.localDate).toBe('2026-06-15');
    expect(slotDueAt(losAngeles, at('2026-01-12T17:00:00Z'))?.localDate).toBe('2026-01-12');
    expect(slotDueAt(losAngeles, at('2026-01-12T16:00:00Z'))).toBeNull();
    // No time zone chosen: UTC.
    expect(slotDueAt(daily(9, null), at('2026-06-15T09:00:00Z'))?.localDate).toBe('2026-06-15');
  });

  it('covers the last day ending at the send time, and the day before it for the deltas', () => {
    const slot = slotDueAt(daily(9, 'Europe/Istanbul'), at('2026-06-15T06:00:00Z'))!;
    expect(iso(slot.from)).toBe('2026-06-14T06:00:00.000Z');
    expect(iso(slot.to)).toBe('2026-06-15T06:00:00.000Z');
    expect(iso(slot.previousFrom)).toBe('2026-06-13T06:00:00.000Z');
  });

  it('sends a weekly digest on its ISO weekday only, covering seven local days', () => {
    // 15 June 2026 is a Monday (ISO 1); Wednesday is 3.
    const weekly: DigestSchedule = { frequency: 'weekly', hour: 9, weekday: 3, timeZone: 'UTC' };
    expect(slotDueAt(weekly, at('2026-06-15T09:00:00Z'))).toBeNull();
    const slot = slotDueAt(weekly, at('2026-06-17T09:00:00Z'))!;
    expect(slot.localDate).toBe('2026-06-17');
    expect(iso(slot.from)).toBe('2026-06-10T09:00:00.000Z');
    expect(iso(slot.previousFrom)).toBe('2026-06-03T09:00:00.000Z');
    expect(slotDueAt({ ...weekly, frequency: 'off' }, at('2026-06-17T09:00:00Z'))).toBeNull();
  });

  it('keeps the local hour across the week clocks go forward (Los Angeles, 8 March 2026)', () => {
    const weekly: DigestSchedule = {
      frequency: 'weekly',
      hour: 9,
      weekday: 1,
      timeZone: 'America/Los_Angeles',
    };
    // Monday 9 March 09:00 PDT is 16:00 UTC; the Monday before, 09:00 PST, was 17:00 UTC.
    const slot = slotDueAt(weekly, at('2026-03-09T16:00:00Z'))!;
    expect(slot.localDate).toBe('2026-03-09');
    expect(iso(slot.from)).toBe('2026-03-02T17:00:00.000Z');
    expect(slot.to - slot.from).toBe(7 * 24 * 3_600_000 - 3_600_000);
    expect(slotDueAt(weekly, at('2026-03-09T17:00:00Z'))).toBeNull();
  });

  it('sends a digest whose hour is skipped right after the gap, and a repeated hour once', () => {
    const skipped = daily(2, 'America/Los_Angeles');
    // 02:00 does not exist on 8 March: the first minute after the gap is 03:00 PDT = 10:00 UTC.
    expect(iso(instantAt({ year: 2026, month: 3, day: 8 }, 2, 'America/Los_Angeles'))).toBe(
      '2026-03-08T10:00:00.000Z',
    );
    expect(slotDueAt(skipped, at('2026-03-08T10:00:00Z'))?.localDate).toBe('2026-03-08');
    // 01:00 happens twice on 1 November (08:00 UTC in PDT, 09:00 UTC in PST): only the first sends.
    const repeated = daily(1, 'America/Los_Angeles');
    expect(slotDueAt(repeated, at('2026-11-01T08:00:00Z'))?.localDate).toBe('2026-11-01');
    expect(slotDueAt(repeated, at('2026-11-01T09:00:00Z'))).toBeNull();
    // Europe goes forward on 29 March: Istanbul does not, Berlin's 09:00 moves from 08:00 to 07:00 UTC.
    expect(slotDueAt(daily(9, 'Europe/Berlin'), at('2026-03-28T08:00:00Z'))).not.toBeNull();
    expect(slotDueAt(daily(9, 'Europe/Berlin'), at('2026-03-29T07:00:00Z'))).not.toBeNull();
  });

  it('sends a quarter-hour zone with the first hourly run after its hour', () => {
    // Kathmandu is UTC+5:45: 09:00 is 03:15 UTC, sent by the 04:00 UTC run.
    const slot = slotDueAt(daily(9, 'Asia/Kathmandu'), at('2026-06-15T04:00:00Z'))!;
    expect(iso(slot.to)).toBe('2026-06-15T03:15:00.000Z');
    expect(iso(slot.runAt)).toBe('2026-06-15T04:00:00.000Z');
  });

  it('names the next digest: the current hour while its run is still ahead, else the next one', () => {
    const istanbul = daily(9, 'Europe/Istanbul');
    expect(nextSlot(istanbul, at('2026-06-15T06:00:00Z'))?.localDate).toBe('2026-06-15');
    expect(nextSlot(istanbul, at('2026-06-15T06:00:01Z'))?.localDate).toBe('2026-06-16');
    const weekly: DigestSchedule = { frequency: 'weekly', hour: 9, weekday: 7, timeZone: 'UTC' };
    expect(nextSlot(weekly, at('2026-06-15T12:00:00Z'))?.localDate).toBe('2026-06-21');
    expect(nextSlot({ ...weekly, frequency: 'off' }, at('2026-06-15T12:00:00Z'))).toBeNull();
  });
});
