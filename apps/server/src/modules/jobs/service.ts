import type { JobSummary } from '@rota/contracts';
import type { JobHandles } from '../../jobs/handles.js';
import { FINISHED_STATUSES } from '../../jobs/types.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { toJobSummary } from '../../jobs/job-summary.js';

/**
 * Jobs as their holders see them: every id here is a job handle the API gave this user.
 * Anyone else's handle, and the shared job's own id, do not exist for the caller (404).
 */
export class JobsService {
  constructor(private readonly handles: JobHandles) {}

  async get(ownerId: string, id: string): Promise<JobSummary> {
    const held = isUuid(id) ? await this.handles.find(ownerId, id) : undefined;
    if (!held) throw notFound('Job not found');
    return toJobSummary(held);
  }

  /**
   * Yields the handle's state whenever it changes, until it finishes or `signal` aborts (the client
   * went away). Polls the table, so it follows jobs run by any process.
   */
  async *watch(
    ownerId: string,
    id: string,
    signal: AbortSignal,
    intervalMs = 500,
  ): AsyncGenerator<JobSummary> {
    let previous = '';
    while (!signal.aborted) {
      const job = await this.get(ownerId, id);
      const fingerprint = `${job.status}|${job.stage}|${job.progress}|${job.attempts}`;
      if (fingerprint !== previous) {
        previous = fingerprint;
        yield job;
      }
      if (FINISHED_STATUSES.has(job.status)) return;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }

  /** Ends the caller's handle; the shared job stops only if no one else still waits on it. */
  async cancel(ownerId: string, id: string): Promise<JobSummary> {
    const held = isUuid(id) ? await this.handles.cancel(ownerId, id) : undefined;
    if (!held) throw notFound('Job not found');
    return toJobSummary(held);
  }
}
