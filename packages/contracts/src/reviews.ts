import { z } from 'zod';
import { GitHubOwnerSchema, GitHubRepoNameSchema } from './github-data.js';

/**
 * Rota's pull-request reviews: what a review finds and what it covered. The
 * built-in rules engine and, when configured, an LLM reviewer both answer in findings of this
 * shape, so the verdict, the store and the UI read one type whatever produced it.
 */

export const ReviewSeveritySchema = z.enum(['critical', 'high', 'medium', 'low', 'info']);
export type ReviewSeverity = z.infer<typeof ReviewSeveritySchema>;

export const ReviewCategorySchema = z.enum([
  'security',
  'correctness',
  'tests',
  'maintainability',
  'process',
  'ci',
  'database',
  'dependencies',
]);
export type ReviewCategory = z.infer<typeof ReviewCategorySchema>;

export const ReviewFindingSourceSchema = z.enum(['rules', 'llm']);
export type ReviewFindingSource = z.infer<typeof ReviewFindingSourceSchema>;

export const ReviewFindingSchema = z.object({
  /** The id of the rule that found it (`secret.provider-token`), or the LLM's own label. */
  rule: z.string().min(1),
  severity: ReviewSeveritySchema,
  category: ReviewCategorySchema,
  /** Path in the pull request's head; null for findings about the pull request as a whole. */
  file: z.string().nullable(),
  /** Line in the new file (right side of the diff); null when the finding is about a whole file. */
  line: z.number().int().min(1).nullable(),
  /** Short English title. */
  title: z.string().min(1),
  /** English: what was found and what to do about it. */
  message: z.string().min(1),
  /** The offending line, any secret in it cut to its first 4 characters and '…'. */
  evidence: z.string().nullable(),
  source: ReviewFindingSourceSchema,
  confidence: z.number().min(0).max(1),
});
export type ReviewFinding = z.infer<typeof ReviewFindingSchema>;

/** Spec §3 Review record status. Pending while queued or running. */
export const ReviewStatusSchema = z.enum(['pending', 'approved', 'changes_requested', 'commented']);
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;

export const ReviewSkipReasonSchema = z.enum([
  'no_patch',
  'binary',
  'generated',
  'lockfile',
  'vendored',
  'too_large',
]);
export type ReviewSkipReason = z.infer<typeof ReviewSkipReasonSchema>;

/** Which files a review read line by line, and which it did not and why (none dropped silently). */
export const ReviewCoverageSchema = z.object({
  filesReviewed: z.number().int().min(0),
  filesSkipped: z.array(z.object({ file: z.string(), reason: ReviewSkipReasonSchema })),
  /**
   * Files the forge did not list at all (GitHub's files API stops at 3,000): present only when
   * some were left out, so the review says it saw part of the pull request.
   */
  filesNotListed: z.number().int().min(0).optional(),
});
export type ReviewCoverage = z.infer<typeof ReviewCoverageSchema>;

/** English messages of the review routes (the web translates them by key). */
export const ReviewMessages = {
  notFound: 'Review not found',
  /** Manual review of a repository none of the user's projects has (or a pull request GitHub does not show them). */
  pullRequestNotFound: 'Pull request not found in your projects',
  repositoryNotFound: 'Repository not found in your projects',
  invalidNumber: 'Pull request number must be a whole number from 1',
} as const;

/** How a review ended; null while it is queued or running. */
export const ReviewOutcomeSchema = z.enum(['reviewed', 'skipped', 'superseded', 'failed']);
export type ReviewOutcome = z.infer<typeof ReviewOutcomeSchema>;

/** Why a pull request was not reviewed. */
export const ReviewSkippedReasonSchema = z.enum(['draft', 'bot', 'closed']);
export type ReviewSkippedReason = z.infer<typeof ReviewSkippedReasonSchema>;

export const ReviewEngineSchema = z.enum(['rules', 'rules+llm']);
export type ReviewEngine = z.infer<typeof ReviewEngineSchema>;

/**
 * What the LLM reviewer did in one review: the model, the project's review prompt it followed (as
 * read from Rota's database), its summary, the files the input budget left out, the findings it
 * placed on files outside the diff (dropped), and why it failed when it did.
 */
export const ReviewLlmSchema = z.object({
  model: z.string(),
  /** The project's review prompt given to the model; null when the project has none. */
  prompt: z.string().nullable(),
  /** The model's English summary; null when the model failed. */
  summary: z.string().nullable(),
  /** Files that did not fit the input budget: the model never saw them (review incomplete). */
  files_not_sent: z.array(z.string()),
  /** Findings the model placed on files that were not in the diff it was sent. */
  findings_dropped: z.number().int().min(0),
  /** English: why the model gave no usable answer (timeout, refusal, malformed JSON); else null. */
  error: z.string().nullable(),
});
export type ReviewLlm = z.infer<typeof ReviewLlmSchema>;

/** The pull-request review event Rota posted on GitHub. */
export const PublishedEventSchema = z.enum(['APPROVE', 'REQUEST_CHANGES', 'COMMENT']);
export type PublishedEvent = z.infer<typeof PublishedEventSchema>;

/**
 * How a review was published to GitHub (projects with `publish_reviews`); null when Rota has not
 * tried to publish it. A failed publish never changes the verdict: it is stored here apart.
 */
export const ReviewPublishedSchema = z.object({
  /** When the pull-request review and the commit status were both posted; null until then. */
  at: z.string().nullable(),
  /** GitHub's id of the posted pull-request review. */
  github_review_id: z.number().int().nullable(),
  event: PublishedEventSchema.nullable(),
  /**
   * `own_pull_request`: GitHub does not let a pull request's author approve or request changes on
   * it, so the verdict was posted as a comment.
   */
  fallback: z.enum(['own_pull_request']).nullable(),
  /** The last failure to publish (GitHub's refusal), kept until a retry succeeds. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type ReviewPublished = z.infer<typeof ReviewPublishedSchema>;

/** Spec §3 Review record (snake_case), as lists show it. */
export const ReviewRecordSchema = z.object({
  id: z.string(),
  forge: z.literal('github'),
  /** `owner/repo` in lower case. */
  repository: z.string(),
  pull_request_number: z.number().int(),
  head_sha: z.string(),
  status: ReviewStatusSchema,
  outcome: ReviewOutcomeSchema.nullable(),
  skipped_reason: ReviewSkippedReasonSchema.nullable(),
  /** English: why this verdict, or why the review was skipped, superseded or failed. */
  reason: z.string().nullable(),
  /** `rules+llm` when the LLM reviewer was configured for the review (even if the model failed). */
  engine: ReviewEngineSchema,
  trigger: z.enum(['webhook', 'manual']),
  requested_by: z.string().nullable(),
  /** The forge's refusal (code and message) when the review failed. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  findings_count: z.number().int().min(0),
  published: ReviewPublishedSchema.nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ReviewRecord = z.infer<typeof ReviewRecordSchema>;

/** One review with what it found and what it read. */
export const ReviewDetailSchema = ReviewRecordSchema.extend({
  /** Hash of what decides the result (engine version and options). */
  config_key: z.string(),
  findings: z.array(ReviewFindingSchema),
  coverage: ReviewCoverageSchema.nullable(),
  /** The LLM reviewer's part; null when it was not configured (or the review ended before it ran). */
  llm: ReviewLlmSchema.nullable(),
});
export type ReviewDetail = z.infer<typeof ReviewDetailSchema>;

export const ReviewStatsSchema = z.object({
  /** Reviews per verdict, of those reviewed or still pending (skipped, superseded, failed apart). */
  by_status: z.record(ReviewStatusSchema, z.number().int().min(0)),
  total: z.number().int().min(0),
  skipped: z.number().int().min(0),
  failed: z.number().int().min(0),
  superseded: z.number().int().min(0),
  /**
   * Merged pull requests whose last Rota review of their final head approved, over merged pull
   * requests Rota reviewed; null when Rota reviewed none.
   */
  compliance_rate: z.number().min(0).max(1).nullable(),
  /** Mean seconds from trigger to verdict of reviewed pull requests; null when none. */
  avg_time_to_review_seconds: z.number().min(0).nullable(),
});
export type ReviewStats = z.infer<typeof ReviewStatsSchema>;

/** `GET /api/projects/{id}/reviews` and `GET /api/repos/reviews/{owner}/{repo}`: newest first. */
export const ReviewListSchema = z.object({
  reviews: z.array(ReviewRecordSchema),
  stats: ReviewStatsSchema,
});
export type ReviewList = z.infer<typeof ReviewListSchema>;

export const ReviewIdParams = z.object({ reviewId: z.string().max(100) });

/** `POST /api/webhook/review/{owner}/{repo}/{number}`. */
export const ManualReviewParams = z.object({
  owner: GitHubOwnerSchema,
  repo: GitHubRepoNameSchema,
  number: z.coerce
    .number({ error: ReviewMessages.invalidNumber })
    .int({ error: ReviewMessages.invalidNumber })
    .min(1, { error: ReviewMessages.invalidNumber })
    .max(2_147_483_647, { error: ReviewMessages.invalidNumber }),
});

export const RepoReviewsParams = z.object({ owner: GitHubOwnerSchema, repo: GitHubRepoNameSchema });
