import type { JobSummary } from '@rota/contracts';
import type { JobRecord } from '../../jobs/types.js';

export function toJobSummary(job: JobRecord): JobSummary {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    stage: job.stage,
    progress: job.progress,
    error: job.error,
    attempts: job.attempts,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}
