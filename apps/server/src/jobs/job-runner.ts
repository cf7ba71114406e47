import { randomUUID } from 'node:crypto';
import { isJobFailureCode, JobErrorCodes } from '@rota/contracts';
import type { Database } from '../db/client.js';
import { stderrLogger, type Logger } from '../lib/logging.js';
import { backoffDelay } from './backoff.js';
import * as queries from './queries.js';
import {
  DeferJobError,
  PermanentJobError,
  type AttemptOutcomeName,
  type JobError,
  type JobHandler,
  type JobMetrics,
  type JobRecord,
} from './types.js';

export interface RunnerOptions {
  /** How often a running job proves its worker is alive (and learns of cancellation). */
  heartbeatMs: number;
  /** First retry delay; later ones double (with jitter). */
  retryBaseMs: number;
  /** Where failed attempts and failed heartbeats are told (default: warnings on stderr). */
  logger?: Logger;
  /** Where each attempt's kind, outcome and duration are recorded (the process's metrics). */
  metrics?: JobMetrics | undefined;
}

export type AttemptOutcome =
  { outcome: Exclude<AttemptOutcomeName, 'deferred'> } | { outcome: 'deferred'; delayMs: number };

/**
 * What is safe to store and show of an error thrown by a handler. A code outside the job vocabulary
 * (a system call's ENOENT, a database's SQLSTATE) is JOB_FAILED: the message still says what.
 */
export function describeError(error: unknown): JobError {
  if (error instanceof PermanentJobError) return { code: error.code, message: error.message };
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: isJobFailureCode(code) ? code : JobErrorCodes.jobFailed,
    message: message.slice(0, 1000),
  };
}

const CANCELLED = { code: JobErrorCodes.cancelled, message: 'Cancelled' } as const;

/**
 * Runs one attempt of a claimed job: heartbeats while it runs, turns a cancellation request into an
 * aborted signal, and records the outcome — success, a retry after backoff, or final failure.
 * Both queues run attempts through here, so they behave the same.
 */
export async function runAttempt(
  db: Database,
  job: JobRecord,
  handler: JobHandler,
  workerId: string,
  options: RunnerOptions,
  /** BullMQ schedules its own retries; the database queue asks for them here. */
  scheduleRetry = true,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const ended = await attempt(db, job, handler, workerId, options, scheduleRetry);
  options.metrics?.attemptEnded(job.kind, ended.outcome, (performance.now() - started) / 1000);
  return ended;
}

async function attempt(
  db: Database,
  job: JobRecord,
  handler: JobHandler,
  workerId: string,
  options: RunnerOptions,
  scheduleRetry: boolean,
): Promise<AttemptOutcome> {
  const log = options.logger ?? stderrLogger();
  const controller = new AbortController();
  const heartbeat = setInterval(() => {
    void queries
      .touchJob(db, job.id, workerId)
      .then(({ cancelRequested }) => cancelRequested && controller.abort())
      // The next beat tries again; only when beats keep failing is the job taken for orphaned.
      .catch((error: unknown) =>
        log.warn({ err: error, jobId: job.id, kind: job.kind }, 'job heartbeat failed'),
      );
  }, options.heartbeatMs);
  try {
    const result = await handler(job.payload, {
      jobId: job.id,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      signal: controller.signal,
      progress: async (stage, percent) => {
        const { cancelRequested } = await queries.touchJob(db, job.id, workerId, {
          stage,
          percent,
        });
        if (cancelRequested) controller.abort();
      },
    });
    if (controller.signal.aborted) {
      await queries.finishJob(db, job.id, workerId, {
        status: 'cancelled',
        error: CANCELLED,
      });
      return { outcome: 'cancelled' };
    }
    await queries.finishJob(db, job.id, workerId, { status: 'succeeded', result });
    return { outcome: 'succeeded' };
  } catch (error) {
    if (controller.signal.aborted) {
      await queries.finishJob(db, job.id, workerId, {
        status: 'cancelled',
        error: CANCELLED,
      });
      return { outcome: 'cancelled' };
    }
    if (error instanceof DeferJobError) {
      await queries.deferJob(db, job.id, workerId, error.stage, error.delayMs);
      return { outcome: 'deferred', delayMs: error.delayMs };
    }
    const described = describeError(error);
    const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
    // The table keeps the code and message shown to users; the log keeps the whole error.
    log.info(
      { err: error, jobId: job.id, kind: job.kind, attempt: job.attempts, final },
      'job attempt failed',
    );
    if (final) {
      await queries.finishJob(db, job.id, workerId, { status: 'failed', error: described });
      return { outcome: 'failed' };
    }
    if (scheduleRetry) {
      await queries.requeueJob(
        db,
        job.id,
        workerId,
        described,
        backoffDelay(job.attempts, options.retryBaseMs),
      );
    } else {
      await queries.requeueJob(db, job.id, workerId, described, 0);
    }
    return { outcome: 'retry' };
  } finally {
    clearInterval(heartbeat);
  }
}

export function newWorkerId(): string {
  return `${process.pid}-${randomUUID().slice(0, 8)}`;
}
