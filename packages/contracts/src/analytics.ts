import { z } from 'zod';
import { RepoFailureSchema } from './repo-failures.js';
import { PR_SIZE_CLASS_NAMES, type PrSizeClass } from './pull-request-size.js';
import { PULL_REQUEST_REVIEW_STATES } from './pull-request-review-state.js';

/**
 * A project's review analytics (spec §3 Analytics): `GET
 * /api/projects/{id}/analytics`. Every figure is defined in docs/metrics.md "Pull-request flow"
 * and computed from stored data only; a figure that cannot be computed is null and the web says
 * "not measured" — never a guess. Times are in hours (fractions allowed). Spec §3's field names are
 * kept; what spec §3 does not name (flow percentiles, author kinds, sources) is added beside them.
 */

export const AnalyticsMessages = {
  invalidDays: 'Period must be 7, 30 or 90 days',
  invalidAuthors: 'Authors must be one of humans, bots, agents or all',
} as const;

export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** Who opened a pull request or wrote a commit (docs/metrics.md "Which pull requests, which people"). */
export const AuthorKindSchema = z.enum(['human', 'bot', 'agent']);
export type AuthorKind = z.infer<typeof AuthorKindSchema>;

/** Whose work the figures count: humans only by default, the other kinds counted apart. */
export const AnalyticsAuthorsSchema = z.enum(['humans', 'bots', 'agents', 'all'], {
  error: AnalyticsMessages.invalidAuthors,
});
export type AnalyticsAuthors = z.infer<typeof AnalyticsAuthorsSchema>;

export const AnalyticsQuerySchema = z.object({
  // A query string's "30" is read as the number; the three periods are an enum, so the OpenAPI
  // document (and the route fuzzers reading it) name them.
  days: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
      z.literal(ANALYTICS_PERIODS, { error: AnalyticsMessages.invalidDays }),
    )
    .default(30),
  authors: AnalyticsAuthorsSchema.default('humans'),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

const count = z.number().int().min(0);
const hours = z.number().min(0);
const rate = z.number().min(0).max(1);

/** One flow time (docs/metrics.md "Flow times"): over the pull requests its end event falls in the period. */
export const FlowStatSchema = z.object({
  /** Pull requests measured. */
  count,
  median: hours.nullable(),
  p75: hours.nullable(),
  avg: hours.nullable(),
  /** Pull requests whose span was negative or whose start is unknown: left out, not clamped. */
  not_measurable: count,
});
export type FlowStat = z.infer<typeof FlowStatSchema>;

/** One UTC day of activity. `commits` is null when no repository of the project has a history analysis. */
export const ActivityDaySchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  commits: count.nullable(),
  prs_opened: count,
  prs_closed: count,
  prs_merged: count,
});
export type ActivityDay = z.infer<typeof ActivityDaySchema>;

export const AnalyticsRepoSchema = z.object({
  repoId: z.string(),
  name: z.string(),
  /** `owner/repo` for forge repositories; the URL for others. */
  full_name: z.string(),
  /** Null for a repository on a plain git host: git-only figures, no pull requests. */
  forge: z.literal('github').nullable(),
  /** Commits in the period from the history analysis; null before one exists. */
  commits: count.nullable(),
  prs_opened: count,
  prs_merged: count,
  open_prs: count,
  webhook: z.enum(['active', 'inactive', 'none']),
});
export type AnalyticsRepo = z.infer<typeof AnalyticsRepoSchema>;

export const RecentPullRequestSchema = z.object({
  repository: z.string(),
  number: z.number().int(),
  title: z.string(),
  url: z.string(),
  state: z.enum(['open', 'closed', 'merged']),
  author: z.string().nullable(),
  author_kind: AuthorKindSchema,
  created_at: z.string(),
  updated_at: z.string(),
});

export const ContributorSchema = z.object({
  /** GitHub login when known, else the git author's name. */
  name: z.string(),
  kind: AuthorKindSchema,
  prs_opened: count,
  prs_merged: count,
  /** Counted reviews submitted on other people's pull requests in the period. */
  reviews: count,
  /** Commits in the period (history analysis); null when unknown for this person. */
  commits: count.nullable(),
});
export type Contributor = z.infer<typeof ContributorSchema>;

/** Figures of one author kind, whatever the `authors` filter: the split leaders ask for. */
export const AuthorKindFiguresSchema = z.object({
  prs_opened: count,
  prs_merged: count,
  /** Share of all merged pull requests in the period (all kinds); null when none merged. */
  merged_share: rate.nullable(),
  time_to_first_review: FlowStatSchema,
  time_to_merge: FlowStatSchema,
});

export const ProjectAnalyticsSchema = z.object({
  projectId: z.string(),
  period: z.object({
    days: z.number().int(),
    /** Start of the first day (UTC midnight) and the computation instant. */
    since: z.string(),
    until: z.string(),
  }),
  authors: AnalyticsAuthorsSchema,
  /** Where the figures come from, so the web can say which need GitHub. */
  sources: z.object({
    /** Repositories with synced pull requests. */
    forge_repos: count,
    /** Repositories on plain git hosts: git-only figures. */
    git_only_repos: count,
    /** Repositories with a stored history analysis (commits, contributors, churn). */
    history_repos: count,
    /** True when the agent trailer rule applies (commit messages stored); else the account rule only. */
    agent_trailers: z.boolean(),
  }),
  prReviews: z.object({
    totalPRs: count,
    statusBreakdown: z.array(
      z.object({
        review_status: z.enum(PULL_REQUEST_REVIEW_STATES),
        count,
      }),
    ),
    /** Always the last 30 days, whatever the period (spec §3). */
    last30Days: z.array(ActivityDaySchema),
    /** Average review time (first counted review → merge) in hours; null when none measured. */
    avgReviewTime: hours.nullable(),
  }),
  repositories: z.object({
    totalRepos: count,
    repos: z.array(AnalyticsRepoSchema),
    webhookStatus: z.object({ total: count, active: count, inactive: count }),
    recentPRs: z.array(RecentPullRequestSchema),
    mostActiveRepos: z.array(z.object({ name: z.string(), commits: count, prs: count })),
  }),
  contributors: z.object({
    topContributors: z.array(ContributorSchema),
    totalContributors: count,
    recentCommitters: z.array(z.object({ name: z.string(), last_activity_at: z.string() })),
  }),
  compliance: z.object({
    overallCompliance: z.object({
      /** Merged pull requests in the period that Rota reviewed. */
      total: count,
      compliant: count,
      compliance_rate: rate.nullable(),
    }),
    ourReviews: z.object({
      total: count,
      approved: count,
      changes_requested: count,
      commented: count,
      pending: count,
    }),
    /** Merged pull requests in the period Rota never reviewed: counted apart, not as non-compliant. */
    not_reviewed_by_rota: count,
  }),
  /** Language name → lines of code (structure analysis), summed over the repositories. */
  languages: z.record(z.string(), count),
  /**
   * Null when no repository has GitHub data. `totalSize` in KiB as GitHub reports it; age in days.
   * `totalIssues`: open issues (pull requests aside) of the repositories whose stored data counted
   * them; null when none did (data stored before Rota read them, or read without a token).
   */
  additionalMetrics: z.object({
    totalStars: count.nullable(),
    totalForks: count.nullable(),
    totalIssues: count.nullable(),
    totalSize: count.nullable(),
    avgRepoAge: hours.nullable(),
  }),
  metrics: z.object({
    totalPRs: count,
    openPRs: count,
    closedPRs: count,
    mergedPRs: count,
    /** Average time to merge in hours; null when none merged in the period. */
    avgMergeTime: hours.nullable(),
    /** Additions + deletions of pull requests merged in the period, else the history's churn. */
    codeChurn: count.nullable(),
    /** Null: no repository gives Rota a coverage measure (docs/metrics.md). */
    testCoverage: z.null(),
    /** Structure analysis: test lines / code lines over the repositories; null before one exists. */
    testToCodeRatio: z.number().min(0).nullable(),
  }),
  flow: z.object({
    time_to_first_review: FlowStatSchema,
    review_time: FlowStatSchema,
    time_to_merge: FlowStatSchema,
    coding_time: FlowStatSchema,
    cycle_time: FlowStatSchema,
  }),
  size: z.object({
    median: z.number().min(0).nullable(),
    avg: z.number().min(0).nullable(),
    /** Opened pull requests per size class (pull-request-size.ts), every class present. */
    classes: z.object(
      Object.fromEntries(PR_SIZE_CLASS_NAMES.map((name) => [name, count])) as Record<
        PrSizeClass,
        typeof count
      >,
    ),
  }),
  rates: z.object({
    merge_rate: rate.nullable(),
    review_coverage: rate.nullable(),
    throughput: count,
    stale_prs: count,
  }),
  byAuthorKind: z.object({
    human: AuthorKindFiguresSchema,
    bot: AuthorKindFiguresSchema,
    agent: AuthorKindFiguresSchema,
  }),
  charts: z.object({
    /** Every day of the selected period, zeros included. */
    activity: z.array(ActivityDaySchema),
  }),
  /** When these figures were computed (they are stored and refreshed on change). */
  lastUpdated: z.string(),
});
export type ProjectAnalytics = z.infer<typeof ProjectAnalyticsSchema>;

/** `GET /api/dashboard`: a leader's Monday morning across all their projects. */
export const DashboardSchema = z.object({
  totals: z.object({
    projects: count,
    repositories: count,
    open_prs: count,
  }),
  /** Open, non-draft pull requests by humans without a counted review, waiting longest first (at most 10). */
  waitingForFirstReview: z.array(
    z.object({
      projectId: z.string(),
      projectName: z.string(),
      repository: z.string(),
      number: z.number().int(),
      title: z.string(),
      url: z.string(),
      author: z.string().nullable(),
      waiting_since: z.string(),
      waiting_hours: hours,
    }),
  ),
  /** Median time to merge (hours) of the last 30 days, and of the 30 days before it for the trend. */
  timeToMerge: z.object({ current: hours.nullable(), previous: hours.nullable() }),
  compliance: z.object({ total: count, compliant: count, compliance_rate: rate.nullable() }),
  attention: z.object({
    /**
     * Repositories whose fetch, analysis or pull-request sync failed, the ones a user can fix first
     * (the same list as `GET /api/repository-failures`, at most 10).
     */
    failures: z.array(RepoFailureSchema),
    /** Repositories whose branch analysis found stale branches (most first, at most 10). */
    staleBranches: z.array(
      z.object({
        projectId: z.string(),
        projectName: z.string(),
        repoId: z.string(),
        repository: z.string(),
        stale: count,
      }),
    ),
    /** Repositories whose README scored below 60 (lowest first, at most 10). */
    lowReadmeScores: z.array(
      z.object({
        projectId: z.string(),
        projectName: z.string(),
        repoId: z.string(),
        repository: z.string(),
        score: z.number().min(0).max(100),
      }),
    ),
  }),
  /** Rota reviews that requested changes, newest first (at most 10). */
  recentChangesRequested: z.array(
    z.object({
      reviewId: z.string(),
      projectId: z.string(),
      projectName: z.string(),
      repository: z.string(),
      number: z.number().int(),
      reason: z.string().nullable(),
      findings_count: count,
      finished_at: z.string().nullable(),
    }),
  ),
  /** The last 30 days across every project. */
  activity: z.array(ActivityDaySchema),
  lastUpdated: z.string(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
