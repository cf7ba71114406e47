import { z } from 'zod';

/**
 * Branch analysis: every branch of a repository compared with its default branch. Exact
 * definitions of each figure are in docs/analysis/branches.md; counts equal what
 * `git rev-list --left-right --count <default>...<branch>` prints.
 */

/** How the default branch was chosen, most authoritative first. */
export const DefaultBranchSourceSchema = z.enum([
  'option',
  'head',
  'origin-head',
  'conventional-name',
  'most-recent',
]);
export type DefaultBranchSource = z.infer<typeof DefaultBranchSourceSchema>;

export const BranchStatusSchema = z.enum(['default', 'merged', 'ahead', 'diverged']);
export type BranchStatus = z.infer<typeof BranchStatusSchema>;

export const BranchSchema = z.object({
  /** Short name: `feature/x` for both refs/heads/feature/x and refs/remotes/origin/feature/x. */
  name: z.string(),
  /** The full ref the branch was read from. */
  ref: z.string(),
  tip: z.string(),
  isDefault: z.boolean(),
  /** Committer date of the tip. */
  lastCommitDate: z.iso.datetime(),
  daysSinceLastCommit: z.number().int().nonnegative(),
  author: z.object({ name: z.string(), email: z.string() }),
  subject: z.string(),
  /** Commits reachable from the branch and not from the default branch. */
  ahead: z.number().int().nonnegative(),
  /** Commits reachable from the default branch and not from the branch. */
  behind: z.number().int().nonnegative(),
  /** The tip is reachable from the default branch (ahead = 0). */
  merged: z.boolean(),
  /** ahead > 0 and behind > 0. */
  diverged: z.boolean(),
  /**
   * Why the branch is a release or maintenance line, kept on purpose: its `name` (`stable`, `5.x`,
   * `release/2.0`, ...) or `version-tags` (it carries version tags the default branch does not
   * reach); null when it is not one. Absent in results of engines before 1.5.0.
   */
  releaseLine: z.enum(['name', 'version-tags']).nullable().optional(),
  /**
   * Not the default branch, not a release line, not a website branch (`gh-pages`, `site`, `docs`;
   * from 1.6.1), not merged, and no commit for more than `staleDays` days before `asOf` (before
   * 1.5.0: the last condition alone).
   */
  stale: z.boolean(),
  status: BranchStatusSchema,
  /** Committer date of the oldest commit that is on this branch and not on the default branch. */
  oldestUniqueCommitDate: z.iso.datetime().nullable(),
  /** Whole days from `oldestUniqueCommitDate` to `asOf`; null when the branch has nothing of its own. */
  ageDays: z.number().int().nonnegative().nullable(),
});
export type Branch = z.infer<typeof BranchSchema>;

export const DefaultBranchSchema = z.object({
  name: z.string(),
  ref: z.string(),
  tip: z.string(),
  source: DefaultBranchSourceSchema,
});
export type DefaultBranch = z.infer<typeof DefaultBranchSchema>;

export const IgnoredRefSchema = z.object({
  ref: z.string(),
  reason: z.enum(['symbolic-ref', 'not-a-commit']),
});
export type IgnoredRef = z.infer<typeof IgnoredRefSchema>;

const BranchMentionSchema = z.object({
  name: z.string(),
  lastCommitDate: z.iso.datetime(),
  daysSinceLastCommit: z.number().int().nonnegative(),
});

export const BranchSummarySchema = z.object({
  total: z.number().int().nonnegative(),
  /** Branches per status; they add up to `total`. */
  byStatus: z.object({
    default: z.number().int().nonnegative(),
    merged: z.number().int().nonnegative(),
    ahead: z.number().int().nonnegative(),
    diverged: z.number().int().nonnegative(),
  }),
  /** Branches whose `stale` is true: the one stale figure every page shows. */
  stale: z.number().int().nonnegative(),
  /** total − stale. */
  active: z.number().int().nonnegative(),
  /** Release and maintenance lines, by name; absent in results of engines before 1.5.0. */
  releaseLines: z
    .object({ count: z.number().int().nonnegative(), branches: z.array(BranchMentionSchema) })
    .optional(),
  /** The stale branches, least recently committed first, at most `listLimit`. */
  stalest: z.array(BranchMentionSchema),
  /** Diverged branches with the largest ahead + behind first, at most `listLimit`. */
  mostDiverged: z.array(
    z.object({ name: z.string(), ahead: z.number().int(), behind: z.number().int() }),
  ),
  /** Branches already merged into the default branch but still present, release lines excepted: oldest first. */
  mergedNotDeleted: z.object({
    count: z.number().int().nonnegative(),
    branches: z.array(BranchMentionSchema),
  }),
});
export type BranchSummary = z.infer<typeof BranchSummarySchema>;

export const BranchAnalysisSchema = z.object({
  /** The instant staleness and ages are measured from. */
  asOf: z.iso.datetime(),
  staleDays: z.number().int().positive(),
  /** Shallow clones count only the commits they hold (as git does); see the docs. */
  shallow: z.boolean(),
  /** Null only when the repository has no branch at all (an empty repository). */
  defaultBranch: DefaultBranchSchema.nullable(),
  /** Sorted by name (JavaScript string order). */
  branches: z.array(BranchSchema),
  ignoredRefs: z.array(IgnoredRefSchema),
  summary: BranchSummarySchema,
});
export type BranchAnalysis = z.infer<typeof BranchAnalysisSchema>;
