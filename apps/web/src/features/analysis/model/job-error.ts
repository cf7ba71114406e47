import {
  JobErrorCodes,
  WAITING_FOR_REPOSITORY_STAGE,
  type JobErrorCode,
  type JobSummary,
} from '@rota/contracts';
import type { TFunction } from 'i18next';
import { codeText, isKnownCode } from '../../../lib/failure-text';

export type JobErrorWording = 'sentence' | 'sentenceAndFact' | 'general';

/**
 * How each failure a job names by code is said. `sentence`: its own (`analysis.jobErrors.<code>`,
 * in both languages). `sentenceAndFact`: its own, with the server's message beside it, which
 * carries a fact our sentence cannot know (the fsck check that refused an object, git's first error
 * line). `general`: the general sentence with the server's message beside it. A Record over the
 * contracts' codes, so a code added there is decided here before the web compiles.
 */
export const JOB_ERROR_WORDING: Record<JobErrorCode, JobErrorWording> = {
  REPO_NOT_FOUND: 'sentence',
  REPO_AUTH_REQUIRED: 'sentence',
  REPO_TOO_LARGE: 'sentence',
  REPO_TIMEOUT: 'sentence',
  REPO_OBJECTS_REJECTED: 'sentenceAndFact',
  REPO_OBJECT_MISSING: 'sentence',
  REPO_HOST_NOT_ALLOWED: 'sentence',
  REPO_URL_NOT_ALLOWED: 'sentence',
  REPO_HOST_UNRESOLVED: 'sentence',
  REPO_REDIRECT_NOT_ALLOWED: 'sentence',
  REPO_NETWORK_UNREACHABLE: 'sentence',
  REPO_TLS_FAILED: 'sentence',
  // git's stderr stays in the server's logs: users get the cause, never git's own lines.
  REPO_FETCH_FAILED: 'sentence',
  UNKNOWN_REF: 'sentence',
  INVALID_REF: 'sentence',
  EMPTY_REPOSITORY: 'sentence',
  CANCELLED: 'sentence',
  GIT_TIMEOUT: 'sentence',
  OUTPUT_TOO_LARGE: 'sentence',
  GIT_FAILED: 'sentence',
  NOT_A_REPOSITORY: 'sentence',
  WORKER_LOST: 'sentence',
  // Faults of the server or its engine, which the user cannot act on beyond trying again: the
  // server's message says what happened.
  JOB_FAILED: 'general',
  BAD_PAYLOAD: 'general',
  NO_FORGE: 'general',
  ANALYSIS_RESULT_INVALID: 'general',
  INVALID_OPTIONS: 'general',
};

/** How a job's failure code is said; API error codes a job may carry are said generally. */
export function jobErrorWording(code: string): JobErrorWording {
  return Object.hasOwn(JOB_ERROR_WORDING, code)
    ? JOB_ERROR_WORDING[code as JobErrorCode]
    : 'general';
}

export interface JobErrorDescription {
  reason: string;
  detail: string | null;
  code: string | null;
  /** The branch to offer instead, when the one asked for does not exist and the default is known. */
  switchTo: string | null;
}

/**
 * Why a job failed, in the UI language. A code we know gets its own sentence; any other failure
 * (JOB_FAILED, a malformed payload, an API error code, ...) is said in general terms with the server's own message beside
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
  if (error?.code === JobErrorCodes.unknownRef && defaultBranch && defaultBranch !== branch) {
    return {
      reason: t('analysis.jobErrors.UNKNOWN_REF_WITH_DEFAULT', { branch, defaultBranch }),
      detail: null,
      code: error.code,
      switchTo: defaultBranch,
    };
  }
  const wording = error ? jobErrorWording(error.code) : 'general';
  if (error && wording !== 'general') {
    return {
      reason: t(`analysis.jobErrors.${error.code}`, { branch }),
      detail: wording === 'sentenceAndFact' ? message : null,
      code: error.code,
      switchTo: null,
    };
  }
  // A code of ours has its sentence in both languages; the server's English is only shown for a
  // failure that names no code we know.
  if (error && isKnownCode(error.code))
    return {
      reason: codeText(t, error.code, { branch }),
      detail: null,
      code: error.code,
      switchTo: null,
    };
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
