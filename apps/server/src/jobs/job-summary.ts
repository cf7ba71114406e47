import { JobErrorCodes, type JobSummary } from '@rota/contracts';
import type { HeldJobView } from './handles.js';

/**
 * A job as its holder sees it: the handle's id (what the user may read and cancel) over the shared
 * job's state. A handle the user cancelled reads as cancelled even while the job goes on for
 * others; one cancelled after its job had finished keeps the job's outcome.
 */
export function toJobSummary({ handle, job }: HeldJobView): JobSummary {
  const cancelledByHolder =
    handle.cancelledAt !== null &&
    (job.finishedAt === null || job.finishedAt.getTime() > handle.cancelledAt.getTime());
  const summary: JobSummary = {
    id: handle.id,
    kind: job.kind,
    status: job.status,
    stage: job.stage,
    progress: job.progress,
    error: job.error,
    attempts: job.attempts,
    createdAt: handle.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
  if (!cancelledByHolder) return summary;
  return {
    ...summary,
    status: 'cancelled',
    error: { code: JobErrorCodes.cancelled, message: 'Cancelled' },
    updatedAt: handle.cancelledAt!.toISOString(),
    finishedAt: handle.cancelledAt!.toISOString(),
  };
}
