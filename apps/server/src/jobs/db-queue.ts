import { EventEmitter } from 'node:events';
import type { Database } from '../db/client.js';
import { stderrLogger } from '../lib/logging.js';
import { newWorkerId, runAttempt, type RunnerOptions } from './job-runner.js';
import * as queries from './queries.js';
import { writeWithJob } from './write-with-job.js';
import {
  FINISHED_STATUSES,
  type EnqueueOptions,
  type JobHandler,
  type JobMetrics,
  type JobQueue,
  type JobRecord,
  type JobRequest,
} from './types.js';

export interface DbJobQueueOptions extends Partial<RunnerOptions> {
  handlers: Map<string, JobHandler>;
  /** Jobs run at once in this process; 0 makes it enqueue-only (an API process with WORKERS=0). */
  concurrency: number;
  /** How often idle workers look for jobs enqueued by other processes. */
  pollMs?: number;
  /** A running job whose heartbeat is older than this is considered orphaned and retried. */
  staleAfterMs?: number;
}

/**
 * The default queue: the `jobs` table itself, claimed with FOR UPDATE SKIP LOCKED. Embedded it is one
 * process; on PostgreSQL several processes can share it safely. Jobs enqueued here are picked up at
 * once; jobs from other processes within `pollMs`.
 */
export class DbJobQueue implements JobQueue {
  private readonly workerId = newWorkerId();
  private readonly events = new EventEmitter();
  private readonly running = new Set<Promise<void>>();
  private readonly options: Required<Omit<DbJobQueueOptions, 'handlers' | 'metrics'>> & {
    handlers: Map<string, JobHandler>;
    metrics?: JobMetrics | undefined;
  };
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private pumping = false;

  constructor(
    private readonly db: Database,
    options: DbJobQueueOptions,
  ) {
    this.options = {
      heartbeatMs: 2000,
      retryBaseMs: 1000,
      pollMs: 1000,
      staleAfterMs: 30_000,
      ...options,
      logger: (options.logger ?? stderrLogger()).child({ component: 'db-queue' }),
    };
    this.events.setMaxListeners(0);
  }

  async enqueue(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<JobRecord> {
    const { job, created } = await queries.insertJob(this.db, kind, payload, options);
    // A deduplicated enqueue (the job is already queued or running) gives the workers nothing new
    // to claim; webhook bursts enqueue the same sync many times a second.
    if (created) this.wake();
    return job;
  }

  async enqueueWith<T>(
    write: (tx: Database) => Promise<{ value: T; job: JobRequest | null }>,
  ): Promise<T> {
    const { value, job } = await writeWithJob(this.db, write);
    if (job) this.wake();
    return value;
  }

  get(id: string): Promise<JobRecord | undefined> {
    return queries.findJob(this.db, id);
  }

  async waitFor(id: string, timeoutMs: number): Promise<JobRecord | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.get(id);
      if (!job || FINISHED_STATUSES.has(job.status) || Date.now() >= deadline) return job;
      // Settles in this process wake us at once; other processes' within a short poll.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.min(250, Math.max(0, deadline - Date.now())));
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.events.once(`settled:${id}`, done);
      });
    }
  }

  async cancel(id: string): Promise<JobRecord | undefined> {
    return queries.requestCancel(this.db, id);
  }

  async start(): Promise<void> {
    if (this.options.concurrency <= 0) return;
    this.stopped = false;
    await queries.recoverStaleJobs(this.db, this.options.staleAfterMs);
    this.timer = setInterval(() => {
      void queries
        .recoverStaleJobs(this.db, this.options.staleAfterMs)
        .catch((error: unknown) =>
          this.options.logger.warn({ err: error }, 'could not recover the jobs of stopped workers'),
        );
      this.wake();
    }, this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.running]);
  }

  /** Claims jobs until the concurrency limit is reached or the queue is empty. */
  private wake(): void {
    if (this.stopped || this.pumping) return;
    this.pumping = true;
    void this.pump().finally(() => {
      this.pumping = false;
    });
  }

  private async pump(): Promise<void> {
    while (!this.stopped && this.running.size < this.options.concurrency) {
      // Unclaimed jobs wait for the next poll, which tries again.
      const job = await queries
        .claimNextJob(this.db, this.workerId, [...this.options.handlers.keys()])
        .catch((error: unknown) => {
          this.options.logger.warn({ err: error }, 'could not claim a job');
          return undefined;
        });
      if (!job) return;
      const task = this.execute(job);
      this.running.add(task);
      void task.finally(() => {
        this.running.delete(task);
        this.wake();
      });
    }
  }

  private async execute(job: JobRecord): Promise<void> {
    const handler = this.options.handlers.get(job.kind)!;
    try {
      await runAttempt(this.db, job, handler, this.workerId, this.options);
    } catch (error) {
      // The database went away mid-attempt; the heartbeat stops, so recovery will retry the job.
      this.options.logger.warn(
        { err: error, jobId: job.id, kind: job.kind },
        'could not record the outcome of a job attempt; it runs again once found orphaned',
      );
    } finally {
      this.events.emit(`settled:${job.id}`);
    }
  }
}
