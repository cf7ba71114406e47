import { WAITING_FOR_REPOSITORY_STAGE, type JobSummary } from '@rota/contracts';
import type { TFunction } from 'i18next';

/** Failures the server names by code, each with a sentence in both languages. */
const KNOWN_CODES = new Set([
  'REPO_NOT_FOUND',
  'REPO_AUTH_REQUIRED',
  'REPO_TOO_LARGE',
  'REPO_TIMEOUT',
  'REPO_HOST_NOT_ALLOWED',
  'REPO_URL_NOT_ALLOWED',
  'REPO_FETCH_FAILED',
  'UNKNOWN_REF',
  'INVALID_REF',
  'EMPTY_REPOSITORY',
  'CANCELLED',
]);

/**
 * Why a job failed, in the UI language. A code we know gets its own sentence; any other failure
 * (JOB_FAILED, a worker lost, ...) is said in general terms with the server's own message beside
 * it, rather than hidden behind a vaguer text.
 */
export function describeJobError(
  t: TFunction,
  job: Pick<JobSummary, 'error'> | null,
  branch: string,
): { reason: string; detail: string | null; code: string | null } {
  const error = job?.error ?? null;
  if (error && KNOWN_CODES.has(error.code)) {
    return {
      reason: t(`analysis.jobErrors.${error.code}`, { branch }),
      detail: null,
      code: error.code,
    };
  }
  return {
    reason: t('analysis.jobErrors.generic'),
    detail: error?.message?.trim() ? error.message : null,
    code: error?.code ?? null,
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
