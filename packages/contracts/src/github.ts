import { z } from 'zod';

/** Whose GitHub token a call used: the user's own, the server's GITHUB_TOKEN, or none. */
export const GitHubCredentialKindSchema = z.enum(['user', 'server', 'anonymous']);

export const GitHubRateResourceSchema = z.enum(['core', 'search', 'graphql']);
export type GitHubRateResource = z.infer<typeof GitHubRateResourceSchema>;

export const GitHubRateBucketSchema = z.object({
  limit: z.number().int(),
  remaining: z.number().int(),
  used: z.number().int(),
  /** When the bucket refills (ISO 8601). */
  reset: z.iso.datetime(),
});
export type GitHubRateBucket = z.infer<typeof GitHubRateBucketSchema>;

/** `GET /api/rate-limit/github`: the current user's GitHub limits. */
export const GitHubRateLimitSchema = z.object({
  credential: GitHubCredentialKindSchema,
  core: GitHubRateBucketSchema,
  search: GitHubRateBucketSchema,
  graphql: GitHubRateBucketSchema,
});
export type GitHubRateLimit = z.infer<typeof GitHubRateLimitSchema>;

/**
 * Why callers should (or need not) prefer stored data now: `plenty` (no), `low` (remaining under
 * the threshold), `exhausted` (none left until reset), `token_revoked` and `github_unavailable`
 * (GitHub cannot be asked at all).
 */
export const ShouldCacheReasonSchema = z.enum([
  'plenty',
  'low',
  'exhausted',
  'token_revoked',
  'github_unavailable',
]);

/** `GET /api/rate-limit/should-cache`. */
export const ShouldCacheSchema = z.object({
  shouldCache: z.boolean(),
  reason: ShouldCacheReasonSchema,
  credential: GitHubCredentialKindSchema,
  /** The bucket the answer is about (the lowest of core and graphql); null if none is known. */
  resource: GitHubRateResourceSchema.nullable(),
  remaining: z.number().int().nullable(),
  threshold: z.number().int().nullable(),
  reset: z.iso.datetime().nullable(),
});
export type ShouldCache = z.infer<typeof ShouldCacheSchema>;

/** `GET /api/repos/github` query: the user's GitHub repositories, newest push first. */
export const ListGitHubReposQuery = z.object({
  /** Matches owner/name and description, case-insensitively. */
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(30),
});
export type ListGitHubReposQuery = z.infer<typeof ListGitHubReposQuery>;

export const GitHubRepoSchema = z.object({
  fullName: z.string(),
  owner: z.string(),
  name: z.string(),
  private: z.boolean(),
  description: z.string().nullable(),
  htmlUrl: z.string(),
  cloneUrl: z.string(),
  defaultBranch: z.string().nullable(),
  language: z.string().nullable(),
  stargazers: z.number().int(),
  forks: z.number().int(),
  pushedAt: z.string().nullable(),
});
export type GitHubRepo = z.infer<typeof GitHubRepoSchema>;

export const GitHubRepoListSchema = z.object({
  repositories: z.array(GitHubRepoSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** GitHub could not be asked (rate limit, outage): the list is the one stored at `storedAt`. */
  stale: z.boolean(),
  storedAt: z.iso.datetime().nullable(),
  /** More repositories than Rota reads (1,000): the newest-pushed ones are listed. */
  truncated: z.boolean(),
});
export type GitHubRepoList = z.infer<typeof GitHubRepoListSchema>;
