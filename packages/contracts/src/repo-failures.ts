import { z } from 'zod';
import { ErrorCodes } from './errors.js';
import { JobErrorCodes, type JobFailureCode } from './job-errors.js';

/**
 * What went wrong with a project's repository the last time Rota worked on it: the fetch of its
 * mirror, its analyses, or the sync of its pull requests. The dashboard, the project list and the
 * project page all read these from one query (`GET /api/repository-failures`, and the dashboard's
 * `attention.failures`), so a failure looks the same wherever a leader meets it.
 */
export const RepoFailureSourceSchema = z.enum(['fetch', 'analysis', 'sync']);
export type RepoFailureSource = z.infer<typeof RepoFailureSourceSchema>;

/**
 * The one thing that fixes a failure. `useDefaultBranch`: point the repository at its default
 * branch (named in `defaultBranch`) and analyse again; `checkRepository`: edit the project's URL
 * or the repository's access; `connectGitHub`: the user's GitHub token (Settings);
 * `askAdministrator`: a setting of this server; `retry`: the cause may pass, try again; `none`:
 * nothing a user can do here (the repository itself must change).
 */
export const RepoFailureActionSchema = z.enum([
  'useDefaultBranch',
  'checkRepository',
  'connectGitHub',
  'askAdministrator',
  'retry',
  'none',
]);
export type RepoFailureAction = z.infer<typeof RepoFailureActionSchema>;

export const RepoFailureSchema = z.object({
  projectId: z.string(),
  projectName: z.string(),
  repoId: z.string(),
  /** `owner/repo` for a forge repository, else its URL. */
  repository: z.string(),
  /** The branch the project names; null: the repository's default branch. */
  branch: z.string().nullable(),
  /** The repository's default branch as its last fetch found it (null: not known yet). */
  defaultBranch: z.string().nullable(),
  source: RepoFailureSourceSchema,
  /** A JobErrorCodes or ErrorCodes code; the web words it. Never git's or GitHub's own text. */
  code: z.string(),
  /** Whether trying again can help (a timeout, a refused connection, a 5xx). */
  temporary: z.boolean(),
  action: RepoFailureActionSchema,
  /** When it failed. */
  at: z.string(),
});
export type RepoFailure = z.infer<typeof RepoFailureSchema>;

export const RepoFailureListSchema = z.array(RepoFailureSchema);

export const RepoFailuresQuery = z.object({
  /** Only this project's repositories. */
  project_id: z.string().max(100).optional(),
});

/**
 * Failures that may pass by themselves: time limits, unreachable hosts, a lost worker, GitHub
 * failing or rate limiting. Everything else (not found, authentication, a branch or an object
 * that does not exist, a refused object, this server's rules) fails again until something changes.
 */
export const TEMPORARY_FAILURE_CODES: ReadonlySet<string> = new Set<JobFailureCode>([
  JobErrorCodes.repoTimeout,
  JobErrorCodes.repoHostUnresolved,
  JobErrorCodes.repoNetworkUnreachable,
  JobErrorCodes.repoTlsFailed,
  JobErrorCodes.repoFetchFailed,
  JobErrorCodes.gitTimeout,
  JobErrorCodes.workerLost,
  JobErrorCodes.jobFailed,
  ErrorCodes.githubUnavailable,
  ErrorCodes.githubRateLimited,
  ErrorCodes.rateLimited,
  ErrorCodes.serviceUnavailable,
  ErrorCodes.internal,
]);

export const isTemporaryFailure = (code: string): boolean => TEMPORARY_FAILURE_CODES.has(code);

const CHECK_REPOSITORY: ReadonlySet<string> = new Set<string>([
  JobErrorCodes.repoNotFound,
  JobErrorCodes.repoAuthRequired,
  JobErrorCodes.repoUrlNotAllowed,
  JobErrorCodes.repoHostNotAllowed,
  JobErrorCodes.repoRedirectNotAllowed,
  JobErrorCodes.notARepository,
  JobErrorCodes.unknownRef,
  JobErrorCodes.invalidRef,
  ErrorCodes.githubNotFound,
  ErrorCodes.githubForbidden,
]);

const CONNECT_GITHUB: ReadonlySet<string> = new Set<string>([
  ErrorCodes.githubNotConnected,
  ErrorCodes.githubTokenRevoked,
  ErrorCodes.githubRefreshRejected,
]);

const ASK_ADMINISTRATOR: ReadonlySet<string> = new Set<string>([
  ErrorCodes.githubOAuthUnavailable,
  JobErrorCodes.repoTooLarge,
]);

/** The one action that fixes a failure with `code`, given the branch asked for and the default. */
export function failureAction(
  code: string,
  branch: string | null,
  defaultBranch: string | null,
): RepoFailureAction {
  if (
    (code === JobErrorCodes.unknownRef || code === JobErrorCodes.invalidRef) &&
    defaultBranch !== null &&
    defaultBranch !== branch
  )
    return 'useDefaultBranch';
  if (CONNECT_GITHUB.has(code)) return 'connectGitHub';
  if (ASK_ADMINISTRATOR.has(code)) return 'askAdministrator';
  if (CHECK_REPOSITORY.has(code)) return 'checkRepository';
  if (isTemporaryFailure(code)) return 'retry';
  return 'none';
}
