import type { JobSummary } from '@rota/contracts';
import type { JobQueue } from '../../jobs/types.js';
import { FINISHED_STATUSES } from '../../jobs/types.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { toJobSummary } from '../analysis/job-summary.js';

/** Job status for the people who started them; anyone else's job does not exist (404). */
export class JobsService {
  constructor(private readonly queue: JobQueue) {}

  async get(ownerId: string, id: string): Promise<JobSummary> {
    const job = isUuid(id) ? await this.queue.get(id) : undefined;
    if (!job || job.ownerId !== ownerId) throw notFound('Job not found');
    return toJobSummary(job);
  }

  /**
   * Yields the job's state whenever it changes, until it finishes or `signal` aborts (the client
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

  async cancel(ownerId: string, id: string): Promise<JobSummary> {
    await this.get(ownerId, id);
    return toJobSummary((await this.queue.cancel(id))!);
  }
}
