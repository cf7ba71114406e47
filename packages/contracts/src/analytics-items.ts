import { z } from 'zod';
import {
  AnalyticsAuthorsSchema,
  AuthorKindSchema,
  PeriodQueryShape,
  refinePeriod,
  ResolvedPeriodSchema,
} from './analytics.js';

/**
 * What stands behind a figure (docs/metrics.md "Down to the items"): `GET
 * /api/projects/{id}/analytics/items?metric=…` lists the pull requests, commits, deployments or
 * incidents a figure counts, with the same period, author and team filters. `total` always equals
 * the figure's count; `items` holds all of them up to `ANALYTICS_ITEMS_LIMIT` (`truncated` says when
 * there were more).
 */
export const ANALYTICS_ITEMS_LIMIT = 2000;

export const AnalyticsItemsMessages = {
  invalidMetric: 'Metric must be one of the figures the Analytics tab shows',
} as const;

/** Each figure that opens a list, by the key of its place in the answers. */
export const ANALYTICS_ITEM_METRICS = [
  // Pull requests opened in the period, and their states now (metrics.totalPRs … mergedPRs)
  'opened',
  'opened_open',
  'opened_closed',
  'opened_merged',
  // Merged in the period (rates.throughput) and those reviewed before the merge (review coverage)
  'merged',
  'reviewed_before_merge',
  'stale',
  // Flow times: the pull requests each FlowStat measured (its `count`)
  'time_to_first_review',
  'review_time',
  'time_to_merge',
  'coding_time',
  'cycle_time',
  // Opened pull requests per size class
  'size_XS',
  'size_S',
  'size_M',
  'size_L',
  'size_XL',
  // Compliance: merged pull requests Rota reviewed, the compliant ones, those it never reviewed
  'compliance_total',
  'compliance_compliant',
  'not_reviewed_by_rota',
  // Delivery (GET /api/projects/{id}/delivery)
  'deployments',
  'failed_deployments',
  'lead_time',
  'incidents',
  'time_to_restore',
  'rework',
  'stage_coding',
  'stage_pickup',
  'stage_review',
  'stage_deploy',
] as const;
export type AnalyticsItemMetric = (typeof ANALYTICS_ITEM_METRICS)[number];

export const AnalyticsItemsQuerySchema = z
  .object({
    ...PeriodQueryShape,
    metric: z.enum(ANALYTICS_ITEM_METRICS, { error: AnalyticsItemsMessages.invalidMetric }),
    authors: AnalyticsAuthorsSchema.default('humans'),
    team: z.string().uuid().optional(),
  })
  .superRefine(refinePeriod);
export type AnalyticsItemsQuery = z.infer<typeof AnalyticsItemsQuerySchema>;

const pullRequestItem = z.object({
  type: z.literal('pull_request'),
  repository: z.string(),
  number: z.number().int(),
  title: z.string(),
  url: z.string(),
  author: z.string().nullable(),
  author_kind: AuthorKindSchema,
  state: z.enum(['open', 'closed', 'merged']),
  created_at: z.string(),
  merged_at: z.string().nullable(),
  /** The measured value for a flow time (hours) or size (changed lines); null for counts. */
  value: z.number().nullable(),
});
const deploymentItem = z.object({
  type: z.literal('deployment'),
  repository: z.string(),
  /** Tag, release name, environment or workflow name. */
  name: z.string(),
  source: z.enum(['deployments', 'releases', 'workflow_runs', 'tags']),
  sha: z.string(),
  deployed_at: z.string(),
  failed: z.boolean(),
  url: z.string().nullable(),
  /** Hours, for a lead-time or deploy-stage list. */
  value: z.number().nullable(),
});
const incidentItem = z.object({
  type: z.literal('incident'),
  title: z.string(),
  url: z.string().nullable(),
  source: z.enum(['issues', 'api']),
  started_at: z.string(),
  resolved_at: z.string().nullable(),
  /** Hours to restore, when resolved. */
  value: z.number().nullable(),
});
const commitItem = z.object({
  type: z.literal('commit'),
  repository: z.string(),
  sha: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  authored_at: z.string(),
  /** Hours, for a lead-time list (first commit → its deployment). */
  value: z.number().nullable(),
});
export const AnalyticsItemSchema = z.discriminatedUnion('type', [
  pullRequestItem,
  deploymentItem,
  incidentItem,
  commitItem,
]);
export type AnalyticsItem = z.infer<typeof AnalyticsItemSchema>;

export const AnalyticsItemsSchema = z.object({
  metric: z.enum(ANALYTICS_ITEM_METRICS),
  period: ResolvedPeriodSchema,
  /** Equals the figure's count. */
  total: z.number().int().min(0),
  truncated: z.boolean(),
  items: z.array(AnalyticsItemSchema),
});
export type AnalyticsItems = z.infer<typeof AnalyticsItemsSchema>;
