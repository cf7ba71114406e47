import { z } from 'zod';

/**
 * History analysis: commit activity over a window (default 30 days) and an all-time summary, from
 * the history of one ref. Exact definitions (days, churn, author identity, bots, pull-request
 * patterns) are in docs/analysis/history.md.
 */

const count = z.number().int().nonnegative();

export const HistoryWindowSchema = z.object({
  /** Start of the first day of the window (UTC midnight). */
  since: z.iso.datetime(),
  /** The analysis instant; commits dated after it are left out. */
  until: z.iso.datetime(),
  days: z.number().int().positive(),
});
export type HistoryWindow = z.infer<typeof HistoryWindowSchema>;

export const DayActivitySchema = z.object({
  /** UTC calendar day, YYYY-MM-DD. Every day of the window is present, zeros included. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  commits: count,
  additions: count,
  deletions: count,
  /** additions + deletions. */
  churn: count,
  /** Binary file changes (numstat `-\t-`), counted apart from lines. */
  binaryFiles: count,
});
export type DayActivity = z.infer<typeof DayActivitySchema>;

export const AuthorActivitySchema = z.object({
  /** The name used on most of the identity's commits (after .mailmap). */
  name: z.string(),
  /** The identity's e-mail (after .mailmap, lower-cased; GitHub no-reply ids folded). */
  email: z.string(),
  /** Other names seen for the same identity. */
  aliases: z.array(z.string()),
  bot: z.boolean(),
  /** In the window. */
  commits: count,
  mergeCommits: count,
  additions: count,
  deletions: count,
  churn: count,
  binaryFiles: count,
  firstCommitDate: z.iso.datetime(),
  lastCommitDate: z.iso.datetime(),
  /** Over the whole history of the ref. */
  allTime: z.object({
    commits: count,
    firstCommitDate: z.iso.datetime(),
    lastCommitDate: z.iso.datetime(),
  }),
});
export type AuthorActivity = z.infer<typeof AuthorActivitySchema>;

export const RecentCommitterSchema = z.object({
  name: z.string(),
  email: z.string(),
  lastCommitDate: z.iso.datetime(),
  commits: count,
});
export type RecentCommitter = z.infer<typeof RecentCommitterSchema>;

export const PullRequestPatternSchema = z.enum([
  'github-merge',
  'squash',
  'gitlab-merge-request',
  'bitbucket-merge',
  'azure-devops-merge',
]);
export type PullRequestPattern = z.infer<typeof PullRequestPatternSchema>;

export const PullRequestCommitSchema = z.object({
  number: z.number().int().positive(),
  pattern: PullRequestPatternSchema,
  sha: z.string(),
  date: z.iso.datetime(),
  subject: z.string(),
});
export type PullRequestCommit = z.infer<typeof PullRequestCommitSchema>;

export const HistoryTotalsSchema = z.object({
  commits: count,
  mergeCommits: count,
  additions: count,
  deletions: count,
  churn: count,
  binaryFiles: count,
  humanCommits: count,
  botCommits: count,
  humanAuthors: count,
  botAuthors: count,
  /** Commits naming a pull/merge request (the list holds at most 10,000 of them). */
  pullRequestCommits: count,
});
export type HistoryTotals = z.infer<typeof HistoryTotalsSchema>;

export const AllTimeSummarySchema = z.object({
  commits: count,
  /** Earliest author date in the history: the repository's age (null without commits). */
  firstCommitDate: z.iso.datetime().nullable(),
  lastCommitDate: z.iso.datetime().nullable(),
  ageDays: count.nullable(),
  humanAuthors: count,
  botAuthors: count,
  /** Humans with the most commits, at most `listLimit`. */
  topAuthors: z.array(
    z.object({
      name: z.string(),
      email: z.string(),
      commits: count,
      firstCommitDate: z.iso.datetime(),
      lastCommitDate: z.iso.datetime(),
    }),
  ),
});
export type AllTimeSummary = z.infer<typeof AllTimeSummarySchema>;

export const HistoryAnalysisSchema = z.object({
  ref: z.string(),
  /** The commit the history was read from; null when the ref has no commits yet. */
  commit: z.string().nullable(),
  /** A shallow clone holds only part of the history: all-time figures cover that part. */
  shallow: z.boolean(),
  window: HistoryWindowSchema,
  commitsPerDay: z.array(DayActivitySchema),
  totals: HistoryTotalsSchema,
  /** Humans active in the window, most commits first. */
  authors: z.array(AuthorActivitySchema),
  /** Bots active in the window, reported apart from humans. */
  bots: z.array(AuthorActivitySchema),
  /** Humans by most recent commit in the window, at most `listLimit`. */
  recentCommitters: z.array(RecentCommitterSchema),
  /** Commits in the window that name a pull or merge request, newest first. */
  pullRequests: z.array(PullRequestCommitSchema),
  allTime: AllTimeSummarySchema,
});
export type HistoryAnalysis = z.infer<typeof HistoryAnalysisSchema>;
