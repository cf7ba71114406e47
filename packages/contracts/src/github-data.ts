import { z } from 'zod';

/**
 * Live GitHub data Rota keeps: repositories a user watches (spec §7 Repos) and the `github` block
 * of a project (spec §3 Project.github), served from what a background job stored, never by asking
 * GitHub while the user waits.
 */

/** GitHub's rule for logins: letters, digits and single hyphens, not at either end, ≤ 39. */
const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
/** GitHub's rule for repository names: letters, digits, `.`, `_`, `-`; never `.` or `..`. */
const GITHUB_REPO_NAME = /^(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;

export const WatchedRepoMessages = {
  invalidOwner: 'Invalid GitHub owner (user or organisation name)',
  invalidRepo: 'Invalid GitHub repository name',
  notWatching: 'You are not watching this repository',
  notOnGitHub:
    'GitHub has no such repository, or it is private and your GitHub account cannot see it',
} as const;

export const GitHubOwnerSchema = z
  .string({ error: WatchedRepoMessages.invalidOwner })
  .trim()
  .regex(GITHUB_LOGIN, { error: WatchedRepoMessages.invalidOwner });
export const GitHubRepoNameSchema = z
  .string({ error: WatchedRepoMessages.invalidRepo })
  .trim()
  .regex(GITHUB_REPO_NAME, { error: WatchedRepoMessages.invalidRepo });

/** `POST /api/repos/watch` body and `DELETE /api/repos/watch/{owner}/{repo}` params. */
export const WatchRepoBody = z.object({ owner: GitHubOwnerSchema, repo: GitHubRepoNameSchema });
export type WatchRepoBody = z.infer<typeof WatchRepoBody>;
export const WatchRepoParams = WatchRepoBody;

export const WatchedRepoSchema = z.object({
  forge: z.enum(['github']),
  /** As GitHub spells them (the canonical case), whatever case the user typed. */
  owner: z.string(),
  repo: z.string(),
  full_name: z.string(),
  html_url: z.string(),
  private: z.boolean(),
  watched_at: z.string(),
});
export type WatchedRepo = z.infer<typeof WatchedRepoSchema>;

export const WatchedRepoListSchema = z.object({ repositories: z.array(WatchedRepoSchema) });
export type WatchedRepoList = z.infer<typeof WatchedRepoListSchema>;

/** `POST /api/repos/watch`: `created` is false when the user already watched it (idempotent). */
export const WatchRepoResponseSchema = z.object({
  repository: WatchedRepoSchema,
  created: z.boolean(),
});

export const UnwatchRepoResponseSchema = z.object({
  owner: z.string(),
  repo: z.string(),
  deleted: z.literal(true),
});

export const GitHubCommitSchema = z.object({
  sha: z.string(),
  message: z.string(),
  author: z.object({ name: z.string(), email: z.string(), date: z.string() }),
  url: z.string(),
});

export const GitHubOpenPullRequestSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  state: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  user: z.object({ login: z.string(), avatar_url: z.string() }),
  head: z.object({ ref: z.string(), sha: z.string() }),
  base: z.object({ ref: z.string() }),
  url: z.string(),
});

/** Why a repository's stored data is old or missing, as the refresh job last saw it. */
export const GitHubDataErrorSchema = z.object({ code: z.string(), message: z.string() });

export const GitHubBlockRepositorySchema = z.object({
  name: z.string(),
  full_name: z.string(),
  stars: z.number().int(),
  forks: z.number().int(),
  language: z.string().nullable(),
  updated_at: z.string(),
  size: z.number().int(),
  latest_commits: z.array(GitHubCommitSchema),
  open_pull_requests: z.array(GitHubOpenPullRequestSchema),
  /** When this repository's data was read from GitHub. */
  fetched_at: z.string(),
  /** Older than the refresh threshold (a refresh is queued), or the last refresh failed. */
  stale: z.boolean(),
  error: GitHubDataErrorSchema.nullable(),
});
export type GitHubBlockRepository = z.infer<typeof GitHubBlockRepositorySchema>;

export const GitHubContributorSchema = z.object({
  username: z.string(),
  avatar_url: z.string(),
  contributions: z.number().int(),
  /** Full names of the project's repositories this person contributed to. */
  repos: z.array(z.string()),
});

export const GitHubBlockSchema = z.object({
  /**
   * `ready`: every GitHub repository of the project has stored data; `partial`: some have;
   * `pending`: none yet (a refresh is queued) — the numbers below are then absent, not zeros.
   */
  status: z.enum(['ready', 'partial', 'pending']),
  /** The oldest `fetched_at` of the repositories shown; null when nothing is stored yet. */
  fetched_at: z.string().nullable(),
  stale: z.boolean(),
  /** Full names of the repositories with nothing stored yet. */
  pending: z.array(z.string()),
  /** Repositories whose last refresh failed and that have nothing stored (404, revoked token…). */
  failed: z.array(z.object({ full_name: z.string(), error: GitHubDataErrorSchema })),
  repositories: z.array(GitHubBlockRepositorySchema),
  contributors: z.array(GitHubContributorSchema),
  stats: z
    .object({
      total_stars: z.number().int(),
      total_forks: z.number().int(),
      total_repos: z.number().int(),
      total_open_pull_requests: z.number().int(),
      /** Languages of the repositories, the most common first. */
      languages: z.array(z.string()),
      top_contributor: GitHubContributorSchema.nullable(),
    })
    .nullable(),
});
export type GitHubBlock = z.infer<typeof GitHubBlockSchema>;
