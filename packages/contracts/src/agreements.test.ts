import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_KINDS,
  AGREEMENT_THRESHOLDS,
  AgreementComplianceQuerySchema,
  AgreementMessages,
  AgreementSetSchema,
  DEFAULT_WORKING_TIME,
  minutesOf,
} from './agreements.js';

const off = { includeBots: false, includeAgents: false };
const every = AGREEMENT_KINDS.map((kind) => ({
  kind,
  enabled: true,
  threshold: AGREEMENT_THRESHOLDS[kind]?.default ?? null,
  ...off,
}));

const messages = (input: unknown) => {
  const parsed = AgreementSetSchema.safeParse(input);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('working agreements contract', () => {
  it('every kind switched on at its starting threshold, in the default working time, is valid', () => {
    expect(messages({ agreements: every, workingTime: DEFAULT_WORKING_TIME })).toEqual([]);
  });

  it('each threshold rule apart', () => {
    expect(
      messages({
        agreements: [
          { kind: 'minReviewers', enabled: true, threshold: 21, ...off },
          { kind: 'approvalBeforeMerge', enabled: false, threshold: 1, ...off },
          { kind: 'maxOpenDays', enabled: false, threshold: null, ...off },
          { kind: 'maxOpenDays', enabled: false, threshold: 3, ...off },
        ],
        workingTime: DEFAULT_WORKING_TIME,
      }),
    ).toEqual([
      `agreements.0.threshold: ${AgreementMessages.thresholdRange}`,
      `agreements.1.threshold: ${AgreementMessages.thresholdNotAllowed}`,
      `agreements.2.threshold: ${AgreementMessages.thresholdRequired}`,
      `agreements.3.kind: ${AgreementMessages.duplicateKind}`,
    ]);
  });

  it('working time: ordered hours up to 24:00, distinct weekdays, a real time zone', () => {
    const time = (change: object) => ({
      agreements: [],
      workingTime: { ...DEFAULT_WORKING_TIME, ...change },
    });
    expect(messages(time({ start: '00:00', end: '24:00' }))).toEqual([]);
    expect(messages(time({ start: '18:00', end: '09:00' }))).toEqual([
      `workingTime.end: ${AgreementMessages.invalidHours}`,
    ]);
    expect(messages(time({ start: '9:00' }))).toEqual([
      `workingTime.start: ${AgreementMessages.invalidTime}`,
    ]);
    expect(messages(time({ weekdays: [] }))).toEqual([
      `workingTime.weekdays: ${AgreementMessages.invalidWeekdays}`,
    ]);
    expect(messages(time({ weekdays: [1, 1] }))).toEqual([
      `workingTime.weekdays: ${AgreementMessages.invalidWeekdays}`,
    ]);
    expect(messages(time({ timeZone: 'Mars/Olympus' }))).toHaveLength(1);
    expect(minutesOf('09:30')).toBe(570);
  });

  it('the compliance query: 7, 30 or 90 days; bots and agents to include', () => {
    expect(AgreementComplianceQuerySchema.parse({})).toEqual({ days: 30 });
    expect(AgreementComplianceQuerySchema.parse({ days: '90', include: 'agents,bots' })).toEqual({
      days: 90,
      include: 'agents,bots',
    });
    expect(AgreementComplianceQuerySchema.safeParse({ days: '14' }).success).toBe(false);
    expect(AgreementComplianceQuerySchema.safeParse({ include: 'humans' }).success).toBe(false);
  });
});
