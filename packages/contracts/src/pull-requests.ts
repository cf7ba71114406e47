import { z } from 'zod';
import { JobSummarySchema } from './analysis-api.js';
import { PULL_REQUEST_REVIEW_STATES } from './pull-request-review-state.js';

/**
 * A project's pull requests as Rota stores them: every pull request of
 * every forge repository of the project, synced in the background, served from the database.
 * Item fields follow spec §3 `open_pull_requests` (snake_case), plus what the list and the metrics
 * need: state with merged apart, draft, size, review state, reviewers and the repository.
 */

export const PullRequestMessages = {
  invalidState: 'State must be one of open, closed, merged or all',
  invalidPage: 'Page must be a whole number from 1',
  invalidPerPage: 'Per page must be a whole number from 1 to 100',
  searchTooLong: 'Search must be at most 200 characters',
  /** A repository's sync error when the project owner has no GitHub token (GraphQL needs one). */
  // Settings, not "sign in with GitHub": a server without GitHub sign-in still takes a token there.
  githubNotConnected: 'No GitHub token: connect GitHub in Settings to sync pull requests.',
} as const;

export const PullRequestStateFilterSchema = z.enum(['open', 'closed', 'merged', 'all'], {
  error: PullRequestMessages.invalidState,
});
export type PullRequestStateFilter = z.infer<typeof PullRequestStateFilterSchema>;

/** `GET /api/projects/{id}/pull-requests` query. Default state is open (spec §7). */
export const PullRequestListQuerySchema = z.object({
  state: PullRequestStateFilterSchema.default('open'),
  search: z.string().trim().max(200, { error: PullRequestMessages.searchTooLong }).default(''),
  page: z.coerce
    .number({ error: PullRequestMessages.invalidPage })
    .int({ error: PullRequestMessages.invalidPage })
    .min(1, { error: PullRequestMessages.invalidPage })
    .max(100_000, { error: PullRequestMessages.invalidPage })
    .default(1),
  per_page: z.coerce
    .number({ error: PullRequestMessages.invalidPerPage })
    .int({ error: PullRequestMessages.invalidPerPage })
    .min(1, { error: PullRequestMessages.invalidPerPage })
    .max(100, { error: PullRequestMessages.invalidPerPage })
    .default(30),
});
export type PullRequestListQuery = z.infer<typeof PullRequestListQuerySchema>;

/** `merged` is its own state here (GitHub's REST says closed + merged_at). */
export const PullRequestStateSchema = z.enum(['open', 'closed', 'merged']);
export type PullRequestState = z.infer<typeof PullRequestStateSchema>;

/**
 * The review state of a pull request from its latest review per reviewer (author excluded):
 * changes_requested if any reviewer's latest is a change request, else approved if any approved,
 * else commented if any review exists, else review_required when reviews were requested, else none
 * (the order is REVIEW_STATE_PRECEDENCE).
 */
export const PullRequestReviewStateSchema = z.enum(PULL_REQUEST_REVIEW_STATES);
export type PullRequestReviewState = z.infer<typeof PullRequestReviewStateSchema>;

export const PullRequestUserSchema = z.object({
  login: z.string(),
  avatar_url: z.string().nullable(),
  /** A bot account (GitHub's Bot type, or a login ending in `[bot]`). */
  is_bot: z.boolean(),
});

export const PullRequestReviewerSchema = z.object({
  login: z.string(),
  avatar_url: z.string().nullable(),
  /** This reviewer's latest review state; `requested` when asked and not yet reviewed. */
  state: z.enum(['approved', 'changes_requested', 'commented', 'dismissed', 'requested']),
});

export const PullRequestSchema = z.object({
  /** Rota's id of the stored pull request. */
  id: z.string(),
  repository: z.object({ repoId: z.string(), name: z.string(), full_name: z.string() }),
  number: z.number().int(),
  title: z.string(),
  state: PullRequestStateSchema,
  draft: z.boolean(),
  user: PullRequestUserSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  closed_at: z.string().nullable(),
  merged_at: z.string().nullable(),
  head: z.object({ ref: z.string(), sha: z.string() }),
  base: z.object({ ref: z.string() }),
  /** The pull request's page on the forge. */
  url: z.string(),
  additions: z.number().int(),
  deletions: z.number().int(),
  changed_files: z.number().int(),
  /** Seconds from creation to merge or close, or to now while open. */
  age_seconds: z.number().int(),
  review_state: PullRequestReviewStateSchema,
  reviewers: z.array(PullRequestReviewerSchema),
  comments: z.number().int(),
});
export type PullRequest = z.infer<typeof PullRequestSchema>;

export const PullRequestSyncStatusSchema = z.enum([
  'never',
  'queued',
  'running',
  'synced',
  'failed',
  /** Not on a forge Rota syncs (a plain git host): git alone gives no pull requests. */
  'unsupported',
]);
export type PullRequestSyncStatus = z.infer<typeof PullRequestSyncStatusSchema>;

/** Per repository of the project: how current its stored pull requests are. */
export const PullRequestRepoSyncSchema = z.object({
  repoId: z.string(),
  name: z.string(),
  full_name: z.string(),
  status: PullRequestSyncStatusSchema,
  last_synced_at: z.string().nullable(),
  /** How many pull requests are stored for it. */
  stored: z.number().int(),
  /** Kept current by the repository's webhook, or by scheduled syncs (spec §7 Webhooks). */
  kept_current_by: z.enum(['webhook', 'schedule', 'none']),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type PullRequestRepoSync = z.infer<typeof PullRequestRepoSyncSchema>;

/** `GET /api/projects/{id}/pull-requests`. */
export const PullRequestListSchema = z.object({
  pullRequests: z.array(PullRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  repositories: z.array(PullRequestRepoSyncSchema),
});
export type PullRequestList = z.infer<typeof PullRequestListSchema>;

/** `POST /api/projects/{id}/pull-requests/sync` answers 202 with one job per synced repository. */
export const PullRequestSyncAcceptedSchema = z.object({
  projectId: z.string(),
  jobs: z.array(z.object({ repoId: z.string(), full_name: z.string(), job: JobSummarySchema })),
});
export type PullRequestSyncAccepted = z.infer<typeof PullRequestSyncAcceptedSchema>;
