import { WAITING_FOR_REPOSITORY_STAGE, type JobSummary } from '@rota/contracts';
import type { TFunction } from 'i18next';

/** Failures the server names by code, each with a sentence in both languages. */
const KNOWN_CODES = new Set([
  'REPO_NOT_FOUND',
  'REPO_AUTH_REQUIRED',
  'REPO_TOO_LARGE',
  'REPO_TIMEOUT',
  'REPO_OBJECTS_REJECTED',
  'REPO_HOST_NOT_ALLOWED',
  'REPO_URL_NOT_ALLOWED',
  'REPO_HOST_UNRESOLVED',
  'REPO_REDIRECT_NOT_ALLOWED',
  'REPO_NETWORK_UNREACHABLE',
  'REPO_TLS_FAILED',
  'REPO_FETCH_FAILED',
  'UNKNOWN_REF',
  'INVALID_REF',
  'EMPTY_REPOSITORY',
  'CANCELLED',
  'GIT_TIMEOUT',
  'OUTPUT_TOO_LARGE',
  'GIT_FAILED',
  'NOT_A_REPOSITORY',
  'WORKER_LOST',
]);

/**
 * Codes whose server message carries a fact our sentence cannot know (the fsck check that refused
 * an object, git's first error line), so it is shown beside the translation.
 */
const CODES_WITH_FACTS = new Set(['REPO_OBJECTS_REJECTED', 'REPO_FETCH_FAILED', 'GIT_FAILED']);

export interface JobErrorDescription {
  reason: string;
  detail: string | null;
  code: string | null;
  /** The branch to offer instead, when the one asked for does not exist and the default is known. */
  switchTo: string | null;
}

/**
 * Why a job failed, in the UI language. A code we know gets its own sentence; any other failure
 * (JOB_FAILED, a worker lost, ...) is said in general terms with the server's own message beside
 * it, rather than hidden behind a vaguer text.
 */
export function describeJobError(
  t: TFunction,
  job: Pick<JobSummary, 'error'> | null,
  branch: string,
  defaultBranch: string | null = null,
): JobErrorDescription {
  const error = job?.error ?? null;
  const message = error?.message?.trim() ? error.message : null;
  if (error?.code === 'UNKNOWN_REF' && defaultBranch && defaultBranch !== branch) {
    return {
      reason: t('analysis.jobErrors.UNKNOWN_REF_WITH_DEFAULT', { branch, defaultBranch }),
      detail: null,
      code: error.code,
      switchTo: defaultBranch,
    };
  }
  if (error && KNOWN_CODES.has(error.code)) {
    return {
      reason: t(`analysis.jobErrors.${error.code}`, { branch }),
      detail: CODES_WITH_FACTS.has(error.code) ? message : null,
      code: error.code,
      switchTo: null,
    };
  }
  return {
    reason: t('analysis.jobErrors.generic'),
    detail: message,
    code: error?.code ?? null,
    switchTo: null,
  };
}

/** A job stage in words ("fetching" → "Fetching the repository"); unknown stages as they are. */
export function stageLabel(t: TFunction, job: Pick<JobSummary, 'stage' | 'status'>): string {
  // A queued job with a stage gave its worker back while another fetch of its repository runs.
  if (job.status === 'queued' && job.stage !== WAITING_FOR_REPOSITORY_STAGE)
    return t('analysis.stages.queued');
  const stage = job.stage ?? 'starting';
  return t(`analysis.stages.${stage}`, { defaultValue: stage });
}
