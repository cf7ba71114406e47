import { JobSummarySchema, type JobSummary } from '@rota/contracts';
import { apiRequest } from '../../../lib/api-client';

export const FINISHED_JOB_STATUSES: ReadonlySet<JobSummary['status']> = new Set([
  'succeeded',
  'failed',
  'cancelled',
]);

export const isJobActive = (job: Pick<JobSummary, 'status'> | null | undefined): boolean =>
  !!job && (job.status === 'queued' || job.status === 'running');

/** GET /api/jobs/{id}: a job's status, stage and progress (0–100). */
export function fetchJob(jobId: string, signal?: AbortSignal): Promise<JobSummary> {
  return apiRequest(
    {
      method: 'GET',
      url: `/api/jobs/${encodeURIComponent(jobId)}`,
      ...(signal ? { signal } : {}),
    },
    JobSummarySchema,
  );
}
