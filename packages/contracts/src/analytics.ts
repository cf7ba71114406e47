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
  invalidDays: 'Period must be 7, 30, 90, 180 or 365 days',
  invalidAuthors: 'Authors must be one of humans, bots, agents or all',
  invalidDate: 'Dates must be written as YYYY-MM-DD',
  rangeIncomplete: 'Give both a start and an end date, or neither',
  rangeReversed: 'The start date must be on or before the end date',
  rangeTooLong: 'A period can be at most 3 years long',
  invalidTeam: 'Team must be the id of one of the project’s teams',
} as const;

/** The preset periods: the last N whole days, today included. */
export const ANALYTICS_PERIODS = [7, 30, 90, 180, 365] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
/** The longest custom period (3 years, a leap day included). */
export const ANALYTICS_MAX_DAYS = 1096;
/** Beyond this many weeks a trend is drawn per month instead of per week. */
export const TREND_WEEKLY_MAX_WEEKS = 26;

const isoDate = z
  .string({ error: AnalyticsMessages.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: AnalyticsMessages.invalidDate })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value) &&
      // Days a period can hold: from 1970 (nothing was stored earlier) to before year 9999, so
      // the day after any date is still a four-digit date the database takes.
      value >= '1970-01-01' &&
      value < '9999-01-01',
    {
      error: AnalyticsMessages.invalidDate,
    },
  );
export const IsoDateSchema = isoDate;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * The period every analytics, delivery and drill-down read takes (docs/metrics.md "Period"):
 * `from` and `to` (inclusive whole days in the user's time zone), or a preset of the last `days`
 * days ending today. With `from`/`to` given, `days` is ignored.
 */
export const PeriodQueryShape = {
  // A query string's "30" is read as the number; the presets are an enum, so the OpenAPI
  // document (and the route fuzzers reading it) name them.
  days: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
      z.literal(ANALYTICS_PERIODS, { error: AnalyticsMessages.invalidDays }),
    )
    .default(30),
  from: isoDate.optional(),
  to: isoDate.optional(),
};

/** Checks a period query's `from`/`to` pair (both or neither, ordered, at most 3 years). */
export function refinePeriod(
  value: { from?: string | undefined; to?: string | undefined },
  context: z.RefinementCtx,
) {
  if ((value.from === undefined) !== (value.to === undefined)) {
    context.addIssue({
      code: 'custom',
      message: AnalyticsMessages.rangeIncomplete,
      path: [value.from === undefined ? 'from' : 'to'],
    });
    return;
  }
  if (value.from === undefined || value.to === undefined) return;
  const span = dayNumber(value.to) - dayNumber(value.from) + 1;
  if (span < 1)
    context.addIssue({ code: 'custom', message: AnalyticsMessages.rangeReversed, path: ['from'] });
  else if (span > ANALYTICS_MAX_DAYS)
    context.addIssue({ code: 'custom', message: AnalyticsMessages.rangeTooLong, path: ['to'] });
}

/** The period an answer covers, as the server resolved it. */
export const ResolvedPeriodSchema = z.object({
  /** Number of whole days. */
  days: z.number().int(),
  /** The preset asked for, or null for a custom range. */
  preset: z.number().int().nullable(),
  /** First and last day (inclusive), YYYY-MM-DD in `timeZone`. */
  from: z.string(),
  to: z.string(),
  /** The user's time zone the days are cut in (IANA). */
  timeZone: z.string(),
  /** Start of the first day and the end of the period (the end of `to`, or now when `to` is today), ISO. */
  since: z.string(),
  until: z.string(),
});
export type ResolvedPeriod = z.infer<typeof ResolvedPeriodSchema>;

/** Who opened a pull request or wrote a commit (docs/metrics.md "Which pull requests, which people"). */
export const AuthorKindSchema = z.enum(['human', 'bot', 'agent']);
export type AuthorKind = z.infer<typeof AuthorKindSchema>;

/** Whose work the figures count: humans only by default, the other kinds counted apart. */
export const AnalyticsAuthorsSchema = z.enum(['humans', 'bots', 'agents', 'all'], {
  error: AnalyticsMessages.invalidAuthors,
});
export type AnalyticsAuthors = z.infer<typeof AnalyticsAuthorsSchema>;

export const AnalyticsQuerySchema = z
  .object({
    ...PeriodQueryShape,
    authors: AnalyticsAuthorsSchema.default('humans'),
    /** Only the pull requests, reviews and commits of this team's members (docs/teams.md). */
    team: z.string().uuid({ error: AnalyticsMessages.invalidTeam }).optional(),
  })
  .superRefine(refinePeriod);
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

/**
 * One day of activity, cut in the user's time zone (commits: the history analysis's days). `commits`
 * is null when no repository of the project has a history analysis, or with a team filter.
 */
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

/**
 * The flow figures a trend follows (docs/metrics.md "Trends"): medians in hours, rates 0–1, counts.
 * Each is computed over its own bucket exactly as the period's figure is over the period.
 */
export const TrendFiguresSchema = z.object({
  time_to_first_review: hours.nullable(),
  review_time: hours.nullable(),
  time_to_merge: hours.nullable(),
  cycle_time: hours.nullable(),
  /** Merged pull requests. */
  throughput: count,
  /** Of the pull requests opened in the bucket, the share merged by now. */
  merge_rate: rate.nullable(),
  /** Median additions + deletions of the pull requests opened in the bucket. */
  pr_size: z.number().min(0).nullable(),
  /** Of the merged pull requests Rota reviewed, the share compliant. */
  compliance: rate.nullable(),
});
export type TrendFigures = z.infer<typeof TrendFiguresSchema>;
export const TREND_FIGURES = [
  'time_to_first_review',
  'review_time',
  'time_to_merge',
  'cycle_time',
  'throughput',
  'merge_rate',
  'pr_size',
  'compliance',
] as const satisfies ReadonlyArray<keyof TrendFigures>;

export const TrendsSchema = z.object({
  /** Weeks start on Monday; beyond 26 weeks the buckets are calendar months. */
  granularity: z.enum(['week', 'month']),
  /** Every bucket touching the period, oldest first, cut to the period's first and last day. */
  buckets: z.array(TrendFiguresSchema.extend({ from: z.string(), to: z.string() })),
  /** The whole period, and the same-length period just before it, for the deltas. */
  current: TrendFiguresSchema,
  previous: TrendFiguresSchema.extend({ from: z.string(), to: z.string() }),
});
export type Trends = z.infer<typeof TrendsSchema>;

/**
 * Set when the period holds no pull request, review or commit of the project: when the last one
 * was, and the period of the same length that ends on that day, to offer instead.
 */
export const EmptyPeriodSchema = z.object({
  last_activity_at: z.string().nullable(),
  suggestion: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type EmptyPeriod = z.infer<typeof EmptyPeriodSchema>;

export const ProjectAnalyticsSchema = z.object({
  projectId: z.string(),
  period: ResolvedPeriodSchema,
  authors: AnalyticsAuthorsSchema,
  /** The team filter applied, or null for everyone. */
  team: z.object({ id: z.string(), name: z.string() }).nullable(),
  trends: TrendsSchema,
  /** Null when the period holds activity. */
  emptyPeriod: EmptyPeriodSchema.nullable(),
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
    /** Merged pull requests reviewed before their merge: review_coverage's numerator. */
    reviewed_before_merge: count.optional(),
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

/** `GET /api/dashboard?days=|from=&to=`: the period the dashboard's figures cover (default 30 days). */
export const DashboardQuerySchema = z.object({ ...PeriodQueryShape }).superRefine(refinePeriod);
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

/** `GET /api/dashboard`: a leader's Monday morning across all their projects. */
export const DashboardSchema = z.object({
  period: ResolvedPeriodSchema,
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
  /** Median time to merge (hours) of the period, and of the same-length period before it for the trend. */
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
  /** Every day of the period across every project. */
  activity: z.array(ActivityDaySchema),
  lastUpdated: z.string(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
