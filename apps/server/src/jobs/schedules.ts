import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler, JobQueue } from './types.js';

/**
 * Periodic work, as jobs: each run is a job of its kind, so it runs once per cluster (every
 * process with workers asks, one job answers), shows in the job table with its result or error,
 * and is retried, logged and tested like any other job.
 */
export interface ScheduledJob {
  kind: string;
  everyMs: number;
  handler: JobHandler;
  /** Also asked for when the process starts (work a crash may have left undone). */
  atStart?: boolean;
}

/**
 * Queues the run of `kind` for the interval `now` falls in. The key names the interval, so while
 * one run is queued or running the other processes join it. (A process asking after that run
 * finished queues a second one: every scheduled job is safe to run twice.)
 */
export function enqueueScheduledRun(
  queue: JobQueue,
  schedule: Pick<ScheduledJob, 'kind' | 'everyMs'>,
  now = Date.now(),
) {
  const slot = Math.floor(now / schedule.everyMs);
  return queue.enqueue(
    schedule.kind,
    { slot },
    { dedupeKey: `${schedule.kind}:${slot}`, maxAttempts: 1 },
  );
}

/** Asks for each scheduled job at its interval, in a process that runs jobs. */
export class Scheduler {
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly queue: JobQueue,
    private readonly schedules: readonly ScheduledJob[],
    private readonly logger: FastifyBaseLogger,
  ) {}

  /** Starts the intervals; resolves once the jobs that run at start are asked for. */
  async start(): Promise<void> {
    for (const schedule of this.schedules) {
      const timer = setInterval(() => void this.ask(schedule), schedule.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
    await Promise.all(
      this.schedules.filter((schedule) => schedule.atStart).map((schedule) => this.ask(schedule)),
    );
  }

  stop(): void {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
  }

  private async ask(schedule: ScheduledJob): Promise<void> {
    try {
      await enqueueScheduledRun(this.queue, schedule);
    } catch (error) {
      // The next interval asks again; until then the work waits.
      this.logger.warn({ err: error, kind: schedule.kind }, 'could not queue a scheduled job');
    }
  }
}
