import { z } from 'zod';
import {
  AnalyticsAuthorsSchema,
  FlowStatSchema,
  PeriodQueryShape,
  refinePeriod,
  ResolvedPeriodSchema,
} from './analytics.js';

/**
 * Delivery figures (docs/metrics.md "Delivery"): the four DORA keys, rework and the cycle-time
 * stages, from the deployments and incidents Rota reads (docs/delivery.md).
 * `GET /api/projects/{id}/delivery?days=|from=&to=&authors=&team=`.
 */

export const DeliveryMessages = {
  invalidSource: 'Source must be auto, deployments, releases, workflow_runs or tags',
  invalidPattern: 'The pattern is not a valid regular expression',
  patternTooLong: 'A pattern can be at most 200 characters long',
  invalidIncidentTime: 'Times must be ISO 8601 date-times',
  resolvedBeforeStart: 'An incident cannot be resolved before it started',
  incidentTitleRequired: 'An incident needs a title',
  incidentTokenInvalid:
    'The incident token is missing or wrong: create one on the project’s Delivery settings',
  unknownRepository: 'A repository of the settings is not one of the project’s repositories',
  duplicateRepository: 'A repository is listed more than once',
} as const;

/** Where a repository's deployments come from; `auto` takes the first that has data, in this order. */
export const DEPLOYMENT_SOURCES = ['deployments', 'releases', 'workflow_runs', 'tags'] as const;
export const DeploymentSourceSchema = z.enum(DEPLOYMENT_SOURCES);
export type DeploymentSource = z.infer<typeof DeploymentSourceSchema>;

/** Default patterns (case-insensitive regular expressions) of each source. */
export const DEFAULT_DEPLOYMENT_PATTERNS: Record<DeploymentSource, string> = {
  deployments: '^(prod|production|live|release)([-_ ].*)?$',
  releases: '.*',
  workflow_runs: '(deploy|release|publish)',
  tags: '^v?\\d+\\.\\d+\\.\\d+$',
};
/** Default incident labels (case-insensitive regular expression over each label's name). */
export const DEFAULT_INCIDENT_LABEL_PATTERN =
  '^(incident|outage|sev[ -]?[0-9]|production[ -]bug|bug[ /:-]production)$';

const pattern = z
  .string()
  .max(200, { error: DeliveryMessages.patternTooLong })
  .refine(
    (value) => {
      try {
        new RegExp(value, 'i');
        return true;
      } catch {
        return false;
      }
    },
    { error: DeliveryMessages.invalidPattern },
  );

/** One repository's deployment source as the project chose it. */
export const RepoDeliverySourceSchema = z.object({
  repoId: z.string(),
  source: z.union([z.literal('auto'), DeploymentSourceSchema], {
    error: DeliveryMessages.invalidSource,
  }),
  /** Null: the source's default pattern. */
  pattern: pattern.nullable(),
});
export type RepoDeliverySource = z.infer<typeof RepoDeliverySourceSchema>;

/** `GET/PUT /api/projects/{id}/delivery/settings`. */
export const DeliverySettingsSchema = z.object({
  repos: z.array(RepoDeliverySourceSchema),
  /** Issues with a label matching this count as incidents; null: the default pattern. */
  incidentLabelPattern: pattern.nullable(),
  /** Whether an incident token exists (its value is shown once, when created). */
  incidentToken: z.object({ exists: z.boolean(), createdAt: z.string().nullable() }),
});
export type DeliverySettings = z.infer<typeof DeliverySettingsSchema>;
export const DeliverySettingsInputSchema = z.strictObject({
  repos: z.array(RepoDeliverySourceSchema).max(500),
  incidentLabelPattern: pattern.nullable(),
});
export type DeliverySettingsInput = z.infer<typeof DeliverySettingsInputSchema>;

/** `POST /api/projects/{id}/delivery/incident-token`: a new token, shown once. */
export const IncidentTokenSchema = z.object({ token: z.string() });

/**
 * `POST /api/projects/{id}/incidents` with `Authorization: Bearer <incident token>`: an incident
 * from a paging tool. Posting the same `externalId` again updates it (a resolution comes later).
 */
export const IncidentInputSchema = z
  .strictObject({
    externalId: z.string().trim().min(1).max(200),
    title: z
      .string({ error: DeliveryMessages.incidentTitleRequired })
      .trim()
      .min(1, {
        error: DeliveryMessages.incidentTitleRequired,
      })
      .max(500),
    url: z.string().url().max(2000).nullable().optional(),
    startedAt: z.iso.datetime({ offset: true, error: DeliveryMessages.invalidIncidentTime }),
    resolvedAt: z.iso
      .datetime({ offset: true, error: DeliveryMessages.invalidIncidentTime })
      .nullable()
      .optional(),
  })
  .refine(
    (value) => !value.resolvedAt || Date.parse(value.resolvedAt) >= Date.parse(value.startedAt),
    {
      error: DeliveryMessages.resolvedBeforeStart,
      path: ['resolvedAt'],
    },
  );
export type IncidentInput = z.infer<typeof IncidentInputSchema>;

/** An incident as stored: the answer to posting one (201 when new, 200 when updated). */
export const PostedIncidentSchema = z.object({
  id: z.string(),
  externalId: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  startedAt: z.string(),
  resolvedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type PostedIncident = z.infer<typeof PostedIncidentSchema>;

export const DeliveryQuerySchema = z
  .object({
    ...PeriodQueryShape,
    authors: AnalyticsAuthorsSchema.default('humans'),
    team: z.string().uuid().optional(),
  })
  .superRefine(refinePeriod);
export type DeliveryQuery = z.infer<typeof DeliveryQuerySchema>;

/** A DORA performance level and the report whose thresholds placed it there. */
export const DoraBandSchema = z.object({
  band: z.enum(['elite', 'high', 'medium', 'low']).nullable(),
  /** The State of DevOps report year the thresholds come from. */
  year: z.number().int(),
});
export type DoraBand = z.infer<typeof DoraBandSchema>;

/** Why a figure could not be computed, and what to set up so it can be. */
export const DeliveryGapSchema = z.enum([
  'noForgeRepos',
  'noDeployments',
  'noIncidents',
  'noMergedChanges',
  'notDeployedYet',
]);
export type DeliveryGap = z.infer<typeof DeliveryGapSchema>;

const count = z.number().int().min(0);
const rate = z.number().min(0).max(1);

/** One stage of the cycle time (docs/metrics.md "Cycle-time stages"), in hours. */
export const StageSchema = FlowStatSchema;

export const DeliverySchema = z.object({
  projectId: z.string(),
  period: ResolvedPeriodSchema,
  authors: AnalyticsAuthorsSchema,
  /** Per repository: the source its deployments came from and how many fell in the period. */
  sources: z.array(
    z.object({
      repoId: z.string(),
      repository: z.string(),
      /** The source used; null when none has data. */
      source: DeploymentSourceSchema.nullable(),
      /** True when the project chose it; false when Rota took the first with data. */
      chosen: z.boolean(),
      pattern: z.string(),
      deployments: count,
      /** The newest deployment of any date, to say "the last one was on …" when the period has none. */
      last_deployed_at: z.string().nullable(),
    }),
  ),
  incidents: z.object({
    /** Where the incidents came from. */
    sources: z.array(z.enum(['issues', 'api'])),
    count,
    open: count,
    labelPattern: z.string(),
  }),
  deployment_frequency: z.object({
    deployments: count,
    /** Distinct days (in the user's time zone) with at least one deployment. */
    deployment_days: count,
    per_week: z.number().min(0).nullable(),
    days_per_week: z.number().min(0).nullable(),
    band: DoraBandSchema,
    series: z.array(
      z.object({ from: z.string(), to: z.string(), deployments: count, deployment_days: count }),
    ),
    gap: DeliveryGapSchema.nullable(),
  }),
  lead_time: FlowStatSchema.extend({ band: DoraBandSchema, gap: DeliveryGapSchema.nullable() }),
  change_failure_rate: z.object({
    deployments: count,
    failed: count,
    rate: rate.nullable(),
    band: DoraBandSchema,
    gap: DeliveryGapSchema.nullable(),
  }),
  time_to_restore: FlowStatSchema.extend({
    band: DoraBandSchema,
    gap: DeliveryGapSchema.nullable(),
  }),
  failed_deployment_recovery_time: FlowStatSchema.extend({ gap: DeliveryGapSchema.nullable() }),
  rework_rate: z.object({
    deployments: count,
    rework: count,
    rate: rate.nullable(),
    gap: DeliveryGapSchema.nullable(),
  }),
  stages: z.object({
    coding: StageSchema,
    pickup: StageSchema,
    review: StageSchema,
    deploy: StageSchema.extend({ gap: DeliveryGapSchema.nullable() }),
  }),
  /** The same keys split by author kind, whatever the `authors` filter (deployments are not split). */
  byAuthorKind: z.record(
    z.enum(['human', 'bot', 'agent']),
    z.object({ lead_time: FlowStatSchema, changes: count }),
  ),
  lastUpdated: z.string(),
});
export type Delivery = z.infer<typeof DeliverySchema>;
