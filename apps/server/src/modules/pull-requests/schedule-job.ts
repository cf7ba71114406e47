import type { Database } from '../../db/client.js';
import type { JobHandler, JobQueue } from '../../jobs/types.js';
import type { ForgeRegistry } from '../forges/index.js';
import { reposWithoutWebhook } from './queries.js';
import { enqueuePullRequestSync } from './sync-job.js';

export const PULL_REQUEST_SCHEDULE_JOB = 'pull-request-schedule';

/**
 * Queues the schedule's pass for this interval. Every worker process asks; the key names the
 * interval, so while one pass is queued or running the others join it. (A worker asking after the
 * pass finished queues a second one: its syncs cost one free 304 per unchanged repository.)
 */
export function enqueueScheduledPass(queue: JobQueue, intervalMs: number, now = Date.now()) {
  const slot = Math.floor(now / intervalMs);
  return queue.enqueue(
    PULL_REQUEST_SCHEDULE_JOB,
    { slot },
    { dedupeKey: `${PULL_REQUEST_SCHEDULE_JOB}:${slot}`, maxAttempts: 1 },
  );
}

/**
 * One pass of the schedule: a sync for every GitHub repository of an active project that has no
 * webhook (with one, deliveries keep it current). Periodic work as a job: it runs once per cluster
 * and shows in the job table like any other.
 */
export function createPullRequestScheduleHandler(deps: {
  db: Database;
  /** The queue this handler runs on: made after its handlers, so read when a pass runs. */
  queue: () => JobQueue;
  forges: ForgeRegistry;
}): JobHandler {
  return async () => {
    const rows = await reposWithoutWebhook(deps.db);
    let queued = 0;
    for (const row of rows) {
      // The forge decides, by host: GitHub Enterprise Server repositories are provider "git".
      if (deps.forges.forProjectRepository(row)?.id !== 'github') continue;
      await enqueuePullRequestSync(deps.queue(), {
        owner: row.owner,
        repo: row.repo,
        userId: row.userId,
      });
      queued += 1;
    }
    return { queued };
  };
}
