import { JobErrorCodes } from '@rota/contracts';
import { DelayedError, Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
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

export interface BullJobQueueOptions extends Partial<RunnerOptions> {
  redisUrl: string;
  handlers: Map<string, JobHandler>;
  concurrency: number;
  queueName?: string;
  /** BullMQ's lock: a worker that stops renewing it for this long is considered dead. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** How often queued jobs missing from Redis (enqueuer died between the two writes) are re-added. */
  reconcileMs?: number;
}

function connection(redisUrl: string): ConnectionOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    db: Number(url.pathname.slice(1) || 0),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}

/**
 * The scaled-out queue: BullMQ on Redis moves jobs between processes; the `jobs` table still holds
 * their state (and dedupes them), so the API answers the same whichever queue runs. Stalled jobs
 * (their worker died) are redelivered by BullMQ and counted as another attempt.
 */
export class BullJobQueue implements JobQueue {
  private readonly workerId = newWorkerId();
  private readonly queue: Queue;
  private worker: Worker | undefined;
  private reconciler: NodeJS.Timeout | undefined;
  private readonly options: Required<
    Omit<BullJobQueueOptions, 'handlers' | 'redisUrl' | 'metrics'>
  > & { metrics?: JobMetrics | undefined };

  constructor(
    private readonly db: Database,
    private readonly config: BullJobQueueOptions,
  ) {
    this.options = {
      heartbeatMs: 2000,
      retryBaseMs: 1000,
      queueName: 'rota-jobs',
      lockDurationMs: 30_000,
      stalledIntervalMs: 15_000,
      reconcileMs: 30_000,
      ...config,
      logger: (config.logger ?? stderrLogger()).child({ component: 'bullmq-queue' }),
    };
    this.queue = new Queue(this.options.queueName, { connection: connection(config.redisUrl) });
    // Redis going away is reported here (BullMQ reconnects by itself), not on stderr by BullMQ.
    this.queue.on('error', (error) =>
      this.options.logger.warn({ err: error }, 'the BullMQ queue reported an error'),
    );
  }

  async enqueue(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<JobRecord> {
    const { job, created } = await queries.insertJob(this.db, kind, payload, options);
    if (created) await this.addToRedis(job.id, kind, job.maxAttempts, options.delayMs ?? 0);
    return job;
  }

  async enqueueWith<T>(
    write: (tx: Database) => Promise<{ value: T; job: JobRequest | null }>,
  ): Promise<T> {
    let delayMs = 0;
    const { value, job, created } = await writeWithJob(this.db, async (tx) => {
      const written = await write(tx);
      delayMs = written.job?.options?.delayMs ?? 0;
      return written;
    });
    // Should Redis miss it (this process dies first), `reconcile` adds the queued job later.
    if (job && created)
      await this.addToRedis(job.id, job.kind, job.maxAttempts, delayMs).catch((error: unknown) =>
        this.options.logger.warn(
          { err: error, jobId: job.id, kind: job.kind },
          'could not hand a job to Redis; reconciling adds it later',
        ),
      );
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
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(100, Math.max(0, deadline - Date.now()))),
      );
    }
  }

  async cancel(id: string): Promise<JobRecord | undefined> {
    const job = await queries.requestCancel(this.db, id);
    if (job?.status === 'cancelled')
      await this.queue.remove(id).catch((error: unknown) =>
        // The table says cancelled, so a worker that still gets the job skips it (markRunning).
        this.options.logger.warn(
          { err: error, jobId: id },
          'could not remove a cancelled job from Redis',
        ),
      );
    return job;
  }

  async start(): Promise<void> {
    if (this.options.concurrency <= 0) return;
    this.worker = new Worker(this.options.queueName, (job, token) => this.process(job, token), {
      connection: connection(this.config.redisUrl),
      concurrency: this.options.concurrency,
      lockDuration: this.options.lockDurationMs,
      stalledInterval: this.options.stalledIntervalMs,
      maxStalledCount: 5,
    });
    // BullMQ gave up on a job (stalled too often, or its final throw): make the table agree.
    this.worker.on('failed', (job, error) => {
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
        void queries
          .failIfActive(this.db, job.id!, {
            code: JobErrorCodes.jobFailed,
            message: error.message.slice(0, 1000),
          })
          .catch((failure: unknown) =>
            this.options.logger.error(
              { err: failure, jobId: job.id },
              'could not mark a job BullMQ gave up on as failed',
            ),
          );
      }
    });
    this.worker.on('error', (error) =>
      this.options.logger.warn({ err: error }, 'the BullMQ worker reported an error'),
    );
    await this.reconcile();
    this.reconciler = setInterval(
      () =>
        void this.reconcile().catch((error: unknown) =>
          this.options.logger.warn({ err: error }, 'could not reconcile queued jobs with Redis'),
        ),
      this.options.reconcileMs,
    );
    this.reconciler.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.reconciler);
    await this.worker?.close();
    await this.queue.close();
  }

  private async addToRedis(
    id: string,
    kind: string,
    attempts: number,
    delayMs: number,
  ): Promise<void> {
    await this.queue.add(
      kind,
      {},
      {
        jobId: id,
        attempts,
        delay: delayMs,
        backoff: { type: 'exponential', delay: this.options.retryBaseMs },
        removeOnComplete: true,
        removeOnFail: 1000,
      },
    );
  }

  private async process(job: Job, token: string | undefined): Promise<void> {
    const handler = this.config.handlers.get(job.name);
    const record = handler ? await queries.markRunning(this.db, job.id!, this.workerId) : undefined;
    if (!handler || !record) return; // cancelled or finished meanwhile, or a kind this worker lacks
    const attempt = await runAttempt(this.db, record, handler, this.workerId, this.options, false);
    // Throwing hands the retry (with backoff) to BullMQ; the table already says 'queued'.
    if (attempt.outcome === 'retry') throw new Error(`attempt ${record.attempts} failed; retrying`);
    // A deferred job goes back to BullMQ's delayed set without counting as a failed attempt.
    if (attempt.outcome === 'deferred') {
      await job.moveToDelayed(Date.now() + attempt.delayMs, token);
      throw new DelayedError();
    }
  }

  /** Queued jobs that Redis does not hold (their enqueuer died after the insert) are added again. */
  private async reconcile(): Promise<void> {
    for (const queued of await queries.listQueuedJobIds(this.db, 5_000)) {
      if (!(await this.queue.getJob(queued.id)))
        await this.addToRedis(queued.id, queued.kind, queued.maxAttempts, 0);
    }
  }
}
