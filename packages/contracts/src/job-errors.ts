import { ErrorCodes, type ErrorCode } from './errors.js';

/** Why the engine (packages/analysis) could not analyse a repository. */
export const AnalysisErrorCodes = {
  notARepository: 'NOT_A_REPOSITORY',
  emptyRepository: 'EMPTY_REPOSITORY',
  unknownRef: 'UNKNOWN_REF',
  invalidRef: 'INVALID_REF',
  gitFailed: 'GIT_FAILED',
  gitTimeout: 'GIT_TIMEOUT',
  outputTooLarge: 'OUTPUT_TOO_LARGE',
  invalidOptions: 'INVALID_OPTIONS',
} as const;
export type AnalysisErrorCode = (typeof AnalysisErrorCodes)[keyof typeof AnalysisErrorCodes];

/** Why the server could not bring its mirror of a repository up to date. */
export const RepoFetchErrorCodes = {
  repoNotFound: 'REPO_NOT_FOUND',
  repoAuthRequired: 'REPO_AUTH_REQUIRED',
  repoTooLarge: 'REPO_TOO_LARGE',
  repoTimeout: 'REPO_TIMEOUT',
  repoObjectsRejected: 'REPO_OBJECTS_REJECTED',
  /** The remote lacks an object its own refs need (a broken remote): fetching again fails again. */
  repoObjectMissing: 'REPO_OBJECT_MISSING',
  repoHostNotAllowed: 'REPO_HOST_NOT_ALLOWED',
  repoUrlNotAllowed: 'REPO_URL_NOT_ALLOWED',
  repoHostUnresolved: 'REPO_HOST_UNRESOLVED',
  repoRedirectNotAllowed: 'REPO_REDIRECT_NOT_ALLOWED',
  repoNetworkUnreachable: 'REPO_NETWORK_UNREACHABLE',
  repoTlsFailed: 'REPO_TLS_FAILED',
  repoFetchFailed: 'REPO_FETCH_FAILED',
} as const;
export type RepoFetchErrorCode = (typeof RepoFetchErrorCodes)[keyof typeof RepoFetchErrorCodes];

/**
 * Why a background job failed, in the codes only jobs report: the job system's own, a repository
 * fetch's and the analysis engine's. The web gives each its sentence (or says it generally).
 */
export const JobErrorCodes = {
  /** The job was cancelled (or the user's handle on it was). */
  cancelled: 'CANCELLED',
  /** A failure that names no code of its own; the message says what went wrong. */
  jobFailed: 'JOB_FAILED',
  /** The process running the job stopped, and the job had no attempts left. */
  workerLost: 'WORKER_LOST',
  /** The job's payload does not fit its kind. */
  badPayload: 'BAD_PAYLOAD',
  /** The repository's forge cannot do what the job asks (no pull requests, no reviews). */
  noForge: 'NO_FORGE',
  /** The engine produced a result that does not match its kind's schema; nothing was stored. */
  analysisResultInvalid: 'ANALYSIS_RESULT_INVALID',
  ...RepoFetchErrorCodes,
  ...AnalysisErrorCodes,
} as const;
export type JobErrorCode = (typeof JobErrorCodes)[keyof typeof JobErrorCodes];

/**
 * The code of a failed job: one of JobErrorCodes, or the API's own code when the job failed with
 * an error the API also answers with (GitHub's rate limit, a refused review, …).
 */
export type JobFailureCode = JobErrorCode | ErrorCode;

/** Every JobFailureCode, for the job schemas' enum. */
export const JOB_FAILURE_CODES = [
  ...Object.values(JobErrorCodes),
  ...Object.values(ErrorCodes),
] as [JobFailureCode, ...JobFailureCode[]];

const failureCodes: ReadonlySet<string> = new Set(JOB_FAILURE_CODES);

export function isJobFailureCode(value: unknown): value is JobFailureCode {
  return typeof value === 'string' && failureCodes.has(value);
}
