import { z } from 'zod';
import { ANALYTICS_PERIODS, AuthorKindSchema } from './analytics.js';
import { TimeZoneSchema } from './settings.js';

/**
 * A project's working agreements (docs/agreements.md): the rules a team picks for its pull
 * requests, the project's working time they are measured in, how well they were kept, and a preview
 * of how often an unsaved set would have fired. `GET/PUT /api/projects/{id}/agreements`,
 * `GET /api/projects/{id}/agreements/compliance`, `POST /api/projects/{id}/agreements/preview`.
 */

export const AgreementMessages = {
  invalidKind: 'Unknown working agreement',
  duplicateKind: 'Each working agreement may be listed once',
  thresholdRequired: 'This working agreement needs a threshold',
  thresholdNotAllowed: 'This working agreement takes no threshold',
  thresholdRange: 'Threshold is out of range for this working agreement',
  invalidWeekdays: 'Working days must be distinct weekdays 1 (Monday) to 7 (Sunday), at least one',
  invalidTime: 'Time must be HH:MM (00:00 to 24:00)',
  invalidHours: 'Working hours must end after they start',
  invalidDays: 'Period must be 7, 30 or 90 days',
  invalidInclude: 'Include must be a comma-separated list of bots and agents',
} as const;

export const AGREEMENT_KINDS = [
  'firstReviewWithin',
  'maxChangedLines',
  'approvalBeforeMerge',
  'rotaReviewBeforeMerge',
  'maxOpenDays',
  'minReviewers',
] as const;
export const AgreementKindSchema = z.enum(AGREEMENT_KINDS, {
  error: AgreementMessages.invalidKind,
});
export type AgreementKind = z.infer<typeof AgreementKindSchema>;

/**
 * Each kind's threshold: its unit, its range and the value a newly switched-on agreement starts
 * from; null for the kinds that take none.
 */
export const AGREEMENT_THRESHOLDS: Record<
  AgreementKind,
  {
    unit: 'workingHours' | 'lines' | 'days' | 'people';
    min: number;
    max: number;
    default: number;
  } | null
> = {
  firstReviewWithin: { unit: 'workingHours', min: 1, max: 200, default: 8 },
  maxChangedLines: { unit: 'lines', min: 1, max: 100_000, default: 400 },
  approvalBeforeMerge: null,
  rotaReviewBeforeMerge: null,
  maxOpenDays: { unit: 'days', min: 1, max: 365, default: 7 },
  minReviewers: { unit: 'people', min: 1, max: 20, default: 1 },
};

export const AgreementSettingSchema = z.strictObject({
  kind: AgreementKindSchema,
  enabled: z.boolean(),
  threshold: z.number().int().nullable(),
  /** Pull requests opened by bots are checked too (off by default). */
  includeBots: z.boolean().default(false),
  /** Pull requests of AI agents are checked too (off by default). */
  includeAgents: z.boolean().default(false),
});
export type AgreementSetting = z.infer<typeof AgreementSettingSchema>;

const TIME = /^(?:([01]\d|2[0-3]):([0-5]\d)|24:00)$/;
/** "HH:MM" → minutes after midnight. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** When a project's people work: its time zone, working weekdays (ISO: 1 Monday … 7 Sunday), hours. */
export const WorkingTimeSchema = z
  .strictObject({
    timeZone: TimeZoneSchema,
    weekdays: z
      .array(z.number().int().min(1).max(7), { error: AgreementMessages.invalidWeekdays })
      .min(1, { error: AgreementMessages.invalidWeekdays })
      .max(7, { error: AgreementMessages.invalidWeekdays })
      .refine((days) => new Set(days).size === days.length, {
        error: AgreementMessages.invalidWeekdays,
      }),
    start: z.string().regex(TIME, { error: AgreementMessages.invalidTime }),
    end: z.string().regex(TIME, { error: AgreementMessages.invalidTime }),
  })
  .refine(
    (time) =>
      !TIME.test(time.start) || !TIME.test(time.end) || minutesOf(time.end) > minutesOf(time.start),
    { error: AgreementMessages.invalidHours, path: ['end'] },
  );
export type WorkingTime = z.infer<typeof WorkingTimeSchema>;

export const DEFAULT_WORKING_TIME: WorkingTime = {
  timeZone: 'Europe/Istanbul',
  weekdays: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '18:00',
};

/** The body of `PUT …/agreements` and `POST …/agreements/preview`: a set as the form holds it. */
export const AgreementSetSchema = z
  .strictObject({
    agreements: z.array(AgreementSettingSchema).max(AGREEMENT_KINDS.length),
    workingTime: WorkingTimeSchema,
  })
  .superRefine((set, context) => {
    const seen = new Set<string>();
    set.agreements.forEach((agreement, index) => {
      if (seen.has(agreement.kind))
        context.addIssue({
          code: 'custom',
          path: ['agreements', index, 'kind'],
          message: AgreementMessages.duplicateKind,
        });
      seen.add(agreement.kind);
      const range = AGREEMENT_THRESHOLDS[agreement.kind];
      const path = ['agreements', index, 'threshold'];
      if (range === null && agreement.threshold !== null)
        context.addIssue({ code: 'custom', path, message: AgreementMessages.thresholdNotAllowed });
      else if (range !== null && agreement.threshold === null)
        context.addIssue({ code: 'custom', path, message: AgreementMessages.thresholdRequired });
      else if (
        range !== null &&
        agreement.threshold !== null &&
        (agreement.threshold < range.min || agreement.threshold > range.max)
      )
        context.addIssue({ code: 'custom', path, message: AgreementMessages.thresholdRange });
    });
  });
export type AgreementSet = z.infer<typeof AgreementSetSchema>;

/** One stored agreement: every kind is listed, off with its default threshold when never set. */
export const StoredAgreementSchema = z.object({
  kind: AgreementKindSchema,
  enabled: z.boolean(),
  threshold: z.number().int().nullable(),
  includeBots: z.boolean(),
  includeAgents: z.boolean(),
  /** When it was last switched on; breaches before it do not notify. */
  enabledAt: z.string().nullable(),
});
export type StoredAgreement = z.infer<typeof StoredAgreementSchema>;

/** `GET/PUT /api/projects/{id}/agreements`. */
export const ProjectAgreementsSchema = z.object({
  agreements: z.array(StoredAgreementSchema),
  workingTime: WorkingTimeSchema,
});
export type ProjectAgreements = z.infer<typeof ProjectAgreementsSchema>;

/** Comma-separated author kinds besides humans: `bots`, `agents`, `bots,agents`. */
export const AGREEMENT_INCLUDES = ['bots', 'agents'] as const;

export const AgreementComplianceQuerySchema = z.object({
  days: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
      z.literal(ANALYTICS_PERIODS, { error: AgreementMessages.invalidDays }),
    )
    .default(30),
  include: z
    .string()
    .max(20)
    .regex(/^(?:(?:bots|agents)(?:,(?:bots|agents))*)?$/, {
      error: AgreementMessages.invalidInclude,
    })
    .optional(),
});
export type AgreementComplianceQuery = z.infer<typeof AgreementComplianceQuerySchema>;

/** A pull request that broke an agreement, and when. */
export const AgreementBreachItemSchema = z.object({
  repository: z.string(),
  number: z.number().int(),
  title: z.string(),
  url: z.string(),
  authorLogin: z.string().nullable(),
  authorKind: AuthorKindSchema,
  breachedAt: z.string(),
});
export type AgreementBreachItem = z.infer<typeof AgreementBreachItemSchema>;

const count = z.number().int().min(0);
export const ComplianceCountsSchema = z.object({
  /** Pull requests decided in the period: kept + broken. */
  checked: count,
  kept: count,
  broken: count,
  /** Open pull requests the agreement has not decided yet. */
  pending: count,
  /** kept / checked in percent, one decimal; null when nothing was checked. */
  compliance: z.number().min(0).max(100).nullable(),
});
export type ComplianceCounts = z.infer<typeof ComplianceCountsSchema>;

export const AgreementComplianceSchema = ComplianceCountsSchema.extend({
  kind: AgreementKindSchema,
  enabled: z.boolean(),
  threshold: z.number().int().nullable(),
  /** Each author kind apart, whatever `include` says. */
  byAuthor: z.object({
    human: ComplianceCountsSchema,
    bot: ComplianceCountsSchema,
    agent: ComplianceCountsSchema,
  }),
  /** The pull requests that broke it in the period (of the included kinds), newest first. */
  breaches: z.array(AgreementBreachItemSchema),
});
export type AgreementCompliance = z.infer<typeof AgreementComplianceSchema>;

/** `GET /api/projects/{id}/agreements/compliance`: the enabled agreements over the period. */
export const ProjectAgreementComplianceSchema = z.object({
  days: z.number().int(),
  since: z.string(),
  until: z.string(),
  include: z.object({ bots: z.boolean(), agents: z.boolean() }),
  agreements: z.array(AgreementComplianceSchema),
});
export type ProjectAgreementCompliance = z.infer<typeof ProjectAgreementComplianceSchema>;

/** `POST /api/projects/{id}/agreements/preview`: how often each enabled agreement would have fired. */
export const AgreementPreviewSchema = z.object({
  days: z.number().int(),
  since: z.string(),
  until: z.string(),
  /** Breaches over all agreements. */
  fired: count,
  /** Distinct pull requests among them. */
  pullRequests: count,
  agreements: z.array(
    z.object({
      kind: AgreementKindSchema,
      threshold: z.number().int().nullable(),
      fired: count,
      breaches: z.array(AgreementBreachItemSchema),
    }),
  ),
});
export type AgreementPreview = z.infer<typeof AgreementPreviewSchema>;
