import { z } from 'zod';
import {
  AnalyticsAuthorsSchema,
  AnalyticsMessages,
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
  invalidDashboardMetric: 'Metric must be one of the figures the dashboard shows',
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

/** The figures of GET /api/projects/{id}/delivery (their lists come from the delivery module). */
export const DELIVERY_ITEM_METRICS = [
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
] as const satisfies readonly AnalyticsItemMetric[];
export type DeliveryItemMetric = (typeof DELIVERY_ITEM_METRICS)[number];
export type PullRequestItemMetric = Exclude<AnalyticsItemMetric, DeliveryItemMetric>;

export function isDeliveryItemMetric(metric: AnalyticsItemMetric): metric is DeliveryItemMetric {
  return (DELIVERY_ITEM_METRICS as readonly string[]).includes(metric);
}

/**
 * Where each list's figure stands: a dotted path into the answer of `GET
 * /api/projects/{id}/analytics` (pull-request metrics) or of `GET /api/projects/{id}/delivery`
 * (the delivery metrics). The list's `total` equals the number found there for the same period,
 * authors and team.
 */
export const ANALYTICS_ITEM_FIGURES: Record<AnalyticsItemMetric, string> = {
  opened: 'metrics.totalPRs',
  opened_open: 'metrics.openPRs',
  opened_closed: 'metrics.closedPRs',
  opened_merged: 'metrics.mergedPRs',
  merged: 'rates.throughput',
  reviewed_before_merge: 'rates.reviewed_before_merge',
  stale: 'rates.stale_prs',
  time_to_first_review: 'flow.time_to_first_review.count',
  review_time: 'flow.review_time.count',
  time_to_merge: 'flow.time_to_merge.count',
  coding_time: 'flow.coding_time.count',
  cycle_time: 'flow.cycle_time.count',
  size_XS: 'size.classes.XS',
  size_S: 'size.classes.S',
  size_M: 'size.classes.M',
  size_L: 'size.classes.L',
  size_XL: 'size.classes.XL',
  compliance_total: 'compliance.overallCompliance.total',
  compliance_compliant: 'compliance.overallCompliance.compliant',
  not_reviewed_by_rota: 'compliance.not_reviewed_by_rota',
  deployments: 'deployment_frequency.deployments',
  failed_deployments: 'change_failure_rate.failed',
  lead_time: 'lead_time.count',
  incidents: 'incidents.count',
  time_to_restore: 'time_to_restore.count',
  rework: 'rework_rate.rework',
  stage_coding: 'stages.coding.count',
  stage_pickup: 'stages.pickup.count',
  stage_review: 'stages.review.count',
  stage_deploy: 'stages.deploy.count',
};

/** Reads a figure of an answer by its dotted path (ANALYTICS_ITEM_FIGURES); undefined when absent. */
export function figureAt(answer: unknown, path: string): unknown {
  let value: unknown = answer;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

export const AnalyticsItemsQuerySchema = z
  .object({
    ...PeriodQueryShape,
    metric: z.enum(ANALYTICS_ITEM_METRICS, { error: AnalyticsItemsMessages.invalidMetric }),
    authors: AnalyticsAuthorsSchema.default('humans'),
    team: z.string().uuid({ error: AnalyticsMessages.invalidTeam }).optional(),
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

// ── The dashboard's figures down to their pull requests ─────────────────────────────────────

/**
 * The dashboard figures that open a list (`GET /api/dashboard/items?metric=…`): its open pull
 * requests (totals.open_prs), the pull requests its median time to merge is taken over in the
 * period and in the period before (timeToMerge.current / previous), and every pull request waiting
 * for a first review (the dashboard shows the longest-waiting ten).
 */
export const DASHBOARD_ITEM_METRICS = [
  'open_prs',
  'time_to_merge',
  'time_to_merge_previous',
  'waiting',
] as const;
export type DashboardItemMetric = (typeof DASHBOARD_ITEM_METRICS)[number];

export const DashboardItemsQuerySchema = z
  .object({
    ...PeriodQueryShape,
    metric: z.enum(DASHBOARD_ITEM_METRICS, {
      error: AnalyticsItemsMessages.invalidDashboardMetric,
    }),
  })
  .superRefine(refinePeriod);
export type DashboardItemsQuery = z.infer<typeof DashboardItemsQuerySchema>;

export const DashboardItemsSchema = z.object({
  metric: z.enum(DASHBOARD_ITEM_METRICS),
  period: ResolvedPeriodSchema,
  total: z.number().int().min(0),
  truncated: z.boolean(),
  /** Pull requests; `value` is the time to merge (hours) or the hours waited so far. */
  items: z.array(pullRequestItem),
});
export type DashboardItems = z.infer<typeof DashboardItemsSchema>;
