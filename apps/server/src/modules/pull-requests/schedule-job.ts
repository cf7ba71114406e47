import type { Database } from '../../db/client.js';
import type { ScheduledJob } from '../../jobs/schedules.js';
import type { JobHandler, JobQueue } from '../../jobs/types.js';
import type { ForgeRegistry } from '../forges/index.js';
import { reposWithoutWebhook } from './queries.js';
import { enqueuePullRequestSync } from './sync-job.js';

export const PULL_REQUEST_SCHEDULE_JOB = 'pull-request-schedule';

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

/** The schedule's pass every `everyMs` (PULL_REQUEST_SYNC_INTERVAL_MINUTES). */
export function pullRequestSchedule(
  deps: Parameters<typeof createPullRequestScheduleHandler>[0],
  everyMs: number,
): ScheduledJob {
  return {
    kind: PULL_REQUEST_SCHEDULE_JOB,
    everyMs,
    handler: createPullRequestScheduleHandler(deps),
  };
}
