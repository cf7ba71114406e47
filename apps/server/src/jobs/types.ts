/**
 * The job system's vocabulary. Heavy work (clone, fetch, analyses, syncs, reviews) always runs as a
 * job, never inside a request. Two queues implement `JobQueue` — `DbJobQueue` (the
 * default, in process) and `BullJobQueue` (Redis, when REDIS_URL is set) — and both keep the
 * `jobs` table current, so any process can answer "how is job X doing?".
 */
import type { JobFailureCode } from '@rota/contracts';
import type { Database } from '../db/client.js';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface JobError {
  code: JobFailureCode;
  message: string;
}

export interface JobRecord {
  id: string;
  kind: string;
  dedupeKey: string | null;
  status: JobStatus;
  stage: string | null;
  progress: number;
  payload: unknown;
  result: unknown;
  error: JobError | null;
  attempts: number;
  maxAttempts: number;
  ownerId: string | null;
  projectId: string | null;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface EnqueueOptions {
  /** Jobs with the same key while one is queued or running are one job (its record is returned). */
  dedupeKey?: string;
  maxAttempts?: number;
  ownerId?: string;
  projectId?: string;
  /** Milliseconds to wait before the first attempt. */
  delayMs?: number;
}

export interface JobContext {
  jobId: string;
  attempt: number;
  /** The attempts the job has in all (absent: this attempt is its last). */
  maxAttempts?: number;
  /** Aborted when the job is cancelled; long work must check it and stop. */
  signal: AbortSignal;
  /** Records the stage and percentage (0–100) for the UI. */
  progress(stage: string, percent: number): Promise<void>;
}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<unknown>;

/** A failure the handler knows to be final (bad input, repository not found): no retry. */
export class PermanentJobError extends Error {
  constructor(
    readonly code: JobFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/**
 * The job cannot go on yet because of work that is not its own (another worker is fetching the same
 * repository). Its worker is given back at once, so one busy repository never holds the workers
 * other jobs need, and the job runs again after `delayMs` without spending an attempt. While it
 * waits it shows `stage`.
 */
export class DeferJobError extends Error {
  constructor(
    readonly stage: string,
    readonly delayMs: number,
    message: string,
  ) {
    super(message);
    this.name = 'DeferJobError';
  }
}

/**
 * How one attempt ended: done, to be tried again, failed for good, cancelled, or given back until
 * another worker's fetch of its repository is done.
 */
export type AttemptOutcomeName = 'succeeded' | 'retry' | 'failed' | 'cancelled' | 'deferred';

/** Where the queues record each attempt when the process keeps metrics. */
export interface JobMetrics {
  attemptEnded(kind: string, outcome: AttemptOutcomeName, seconds: number): void;
}

/** A job to write together with other rows (`JobQueue.enqueueWith`). */
export interface JobRequest {
  kind: string;
  payload: unknown;
  options?: EnqueueOptions;
}

export interface JobQueue {
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<JobRecord>;
  /**
   * Runs `write` and records the job it asks for in one transaction — both or neither — then hands
   * the job to the workers. For rows that must never exist without their job (webhook deliveries:
   * no moment where a delivery is recorded but nothing will process it).
   */
  enqueueWith<T>(
    write: (tx: Database) => Promise<{ value: T; job: JobRequest | null }>,
  ): Promise<T>;
  get(id: string): Promise<JobRecord | undefined>;
  /** Resolves with the job once it has finished, or with its current state after `timeoutMs`. */
  waitFor(id: string, timeoutMs: number): Promise<JobRecord | undefined>;
  /** Queued jobs never run; a running job's signal is aborted. Returns the updated record. */
  cancel(id: string): Promise<JobRecord | undefined>;
  /** Starts taking jobs (no-op when this process runs no workers). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones to settle. */
  close(): Promise<void>;
}

export const FINISHED_STATUSES: ReadonlySet<JobStatus> = new Set([
  'succeeded',
  'failed',
  'cancelled',
]);

/**
 * Whether `error` ends the job for good: a permanent failure, or any failure of its last attempt.
 * Not a cancellation, nor a deferral (the job runs again). Producers of `work.failed` tell it then.
 */
export function isFinalFailure(error: unknown, context: JobContext): boolean {
  if (context.signal.aborted || error instanceof DeferJobError) return false;
  return (
    error instanceof PermanentJobError ||
    context.attempt >= (context.maxAttempts ?? context.attempt)
  );
}
