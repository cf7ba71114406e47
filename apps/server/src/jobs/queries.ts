import { isJobFailureCode, JobErrorCodes } from '@rota/contracts';
import { and, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { columnList, mapRow, rowsOf } from '../db/map-row.js';
import { jobs } from '../db/schema/index.js';
import type { EnqueueOptions, JobError, JobRecord } from './types.js';

type JobRow = typeof jobs.$inferSelect;

export function toJobRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    kind: row.kind,
    dedupeKey: row.dedupeKey,
    status: row.status,
    stage: row.stage,
    progress: row.progress,
    payload: row.payload,
    result: row.result ?? null,
    error: storedJobError(row.error),
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    ownerId: row.ownerId,
    projectId: row.projectId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
  };
}

/**
 * A stored error in the job vocabulary. Rows written by versions that stored any error's code (a
 * system call's ENOENT) read as JOB_FAILED, their message kept, so every answer fits its schema.
 */
function storedJobError(value: unknown): JobError | null {
  if (!value || typeof value !== 'object') return null;
  const { code, message } = value as { code?: unknown; message?: unknown };
  return {
    code: isJobFailureCode(code) ? code : JobErrorCodes.jobFailed,
    message: typeof message === 'string' ? message : '',
  };
}

/**
 * Inserts the job, or returns the active job holding the same dedupe key. `created` tells which.
 * One statement either way (the insert and, on a conflict, the read of the holder in one CTE):
 * webhook bursts enqueue the same sync many times a second, mostly to find it already queued.
 */
export async function insertJob(
  db: Database,
  kind: string,
  payload: unknown,
  options: EnqueueOptions,
): Promise<{ job: JobRecord; created: boolean }> {
  const insert = db
    .insert(jobs)
    .values({
      kind,
      payload: payload ?? {},
      dedupeKey: options.dedupeKey ?? null,
      maxAttempts: options.maxAttempts ?? 3,
      ownerId: options.ownerId ?? null,
      projectId: options.projectId ?? null,
      runAfter: sql`now() + ${`${options.delayMs ?? 0} milliseconds`}::interval`,
    })
    .onConflictDoNothing({
      target: jobs.dedupeKey,
      where: sql`${jobs.status} in ('queued', 'running')`,
    })
    .returning();
  for (;;) {
    const [row] = rowsOf(
      await db.execute(sql`
        with inserted as (${insert.getSQL()})
        select ${columnList(jobs)}, true as created from inserted
        union all
        select ${columnList(jobs)}, false as created from ${jobs}
        where ${jobs.dedupeKey} = ${options.dedupeKey ?? null}
          and ${jobs.status} in ('queued', 'running')
          and not exists (select 1 from inserted)
        limit 1`),
    );
    if (row) return { job: toJobRecord(mapRow(jobs, row)), created: row.created === true };
    // Neither inserted nor found: the holder finished between the insert's conflict check and the
    // read, or (PostgreSQL) committed after this statement's snapshot. Try again: the next
    // statement either inserts or sees it.
  }
}

export async function findJob(db: Database, id: string): Promise<JobRecord | undefined> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
  return row ? toJobRecord(row) : undefined;
}

/**
 * Takes the oldest runnable job (FOR UPDATE SKIP LOCKED: several workers never take the same one)
 * and marks it running under `workerId`, counting the attempt.
 */
export async function claimNextJob(
  db: Database,
  workerId: string,
  kinds: string[],
): Promise<JobRecord | undefined> {
  if (kinds.length === 0) return undefined;
  const result = await db.execute(sql`
    update ${jobs} set status = 'running', locked_by = ${workerId}, heartbeat_at = now(),
      attempts = attempts + 1, started_at = coalesce(started_at, now()), updated_at = now()
    where id = (
      select id from ${jobs}
      where status = 'queued' and run_after <= now() and cancel_requested = false
        and kind in (${sql.join(
          kinds.map((kind) => sql`${kind}`),
          sql`, `,
        )})
      order by run_after, created_at
      for update skip locked
      limit 1
    )
    returning id`);
  const id = (result as unknown as { rows: Array<{ id: string }> }).rows[0]?.id;
  return id ? findJob(db, id) : undefined;
}

/** Marks a specific job running (BullMQ hands us the id); false when it may not run (cancelled/finished). */
export async function markRunning(
  db: Database,
  id: string,
  workerId: string,
): Promise<JobRecord | undefined> {
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      lockedBy: workerId,
      heartbeatAt: sql`now()`,
      attempts: sql`${jobs.attempts} + 1`,
      startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(jobs.id, id),
        inArray(jobs.status, ['queued', 'running']),
        eq(jobs.cancelRequested, false),
      ),
    )
    .returning();
  return row ? toJobRecord(row) : undefined;
}

/** Heartbeat + progress; returns whether cancellation was requested meanwhile. */
export async function touchJob(
  db: Database,
  id: string,
  workerId: string,
  progress?: { stage: string; percent: number },
): Promise<{ cancelRequested: boolean }> {
  const [row] = await db
    .update(jobs)
    .set({
      heartbeatAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(progress
        ? {
            stage: progress.stage,
            progress: Math.max(0, Math.min(100, Math.round(progress.percent))),
          }
        : {}),
    })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)))
    .returning({ cancelRequested: jobs.cancelRequested });
  return { cancelRequested: row?.cancelRequested ?? true };
}

export async function finishJob(
  db: Database,
  id: string,
  workerId: string,
  outcome:
    { status: 'succeeded'; result: unknown } | { status: 'failed' | 'cancelled'; error: JobError },
): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: outcome.status,
      ...(outcome.status === 'succeeded'
        ? { result: outcome.result ?? null, progress: 100, error: null }
        : { error: outcome.error }),
      lockedBy: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
}

/** Puts a failed attempt back in the queue after `delayMs`. */
export async function requeueJob(
  db: Database,
  id: string,
  workerId: string,
  error: JobError,
  delayMs: number,
): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      error,
      lockedBy: null,
      runAfter: sql`now() + ${`${delayMs} milliseconds`}::interval`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
}

/**
 * Gives a job that cannot go on yet (DeferJobError) back to the queue after `delayMs`, handing its
 * attempt back too: waiting for someone else's work is not a failure of this job.
 */
export async function deferJob(
  db: Database,
  id: string,
  workerId: string,
  stage: string,
  delayMs: number,
): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      stage,
      lockedBy: null,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      runAfter: sql`now() + ${`${delayMs} milliseconds`}::interval`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
}

/** Queued jobs that are waiting in `stage` (e.g. for another process's fetch of their repository). */
export async function countQueuedInStage(db: Database, stage: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.status, 'queued'), eq(jobs.stage, stage)));
  return Number(row?.count ?? 0);
}

/** Jobs waiting and running now: the queue's depth (finished jobs are history, not depth). */
export async function countActiveJobs(db: Database): Promise<{ queued: number; running: number }> {
  const rows = await db
    .select({ status: jobs.status, count: sql<number>`count(*)::int` })
    .from(jobs)
    .where(inArray(jobs.status, ['queued', 'running']))
    .groupBy(jobs.status);
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { queued: count('queued'), running: count('running') };
}

/** Jobs that failed for good since `since`: how many, and the latest `limit` with their kind and code. */
export async function recentFailures(
  db: Database,
  since: Date,
  limit: number,
): Promise<{ count: number; latest: Array<Pick<JobRecord, 'kind' | 'error' | 'finishedAt'>> }> {
  const failedSince = and(eq(jobs.status, 'failed'), gte(jobs.finishedAt, since));
  const [[counted], latest] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(failedSince),
    db
      .select({ kind: jobs.kind, error: jobs.error, finishedAt: jobs.finishedAt })
      .from(jobs)
      .where(failedSince)
      .orderBy(desc(jobs.finishedAt))
      .limit(limit),
  ]);
  return {
    count: Number(counted?.count ?? 0),
    latest: latest.map((row) => ({ ...row, error: row.error as JobRecord['error'] })),
  };
}

/** Cancels a queued job outright, or flags a running one so its worker aborts it. */
export async function requestCancel(db: Database, id: string): Promise<JobRecord | undefined> {
  await db
    .update(jobs)
    .set({
      status: 'cancelled',
      cancelRequested: true,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
      error: { code: JobErrorCodes.cancelled, message: 'Cancelled' },
    })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')));
  await db
    .update(jobs)
    .set({ cancelRequested: true, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
  return findJob(db, id);
}

/**
 * Jobs whose worker stopped heart-beating (the process died) go back to the queue, or fail when
 * they have used their attempts: no job is silently lost.
 */
export async function recoverStaleJobs(db: Database, staleAfterMs: number): Promise<number> {
  const stale = and(
    eq(jobs.status, 'running'),
    lt(jobs.heartbeatAt, sql`now() - ${`${staleAfterMs} milliseconds`}::interval`),
  );
  const failed = await db
    .update(jobs)
    .set({
      status: 'failed',
      lockedBy: null,
      finishedAt: sql`now()`,
      updatedAt: sql`now()`,
      error: {
        code: JobErrorCodes.workerLost,
        message: 'The worker running this job stopped; no attempts left',
      },
    })
    .where(and(stale, sql`${jobs.attempts} >= ${jobs.maxAttempts}`))
    .returning({ id: jobs.id });
  const requeued = await db
    .update(jobs)
    .set({ status: 'queued', lockedBy: null, runAfter: sql`now()`, updatedAt: sql`now()` })
    .where(stale)
    .returning({ id: jobs.id });
  return failed.length + requeued.length;
}

/** Fails a job that is still active, whoever holds it (BullMQ gave up on it, e.g. stalled too often). */
export async function failIfActive(db: Database, id: string, error: JobError): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'failed', error, lockedBy: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, id), inArray(jobs.status, ['queued', 'running'])));
}

/** Queued jobs older than `olderThanMs`: the BullMQ queue re-adds any it does not know. */
export async function listQueuedJobIds(
  db: Database,
  olderThanMs: number,
  limit = 500,
): Promise<Array<{ id: string; kind: string; maxAttempts: number }>> {
  return db
    .select({ id: jobs.id, kind: jobs.kind, maxAttempts: jobs.maxAttempts })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, 'queued'),
        lt(jobs.createdAt, sql`now() - ${`${olderThanMs} milliseconds`}::interval`),
      ),
    )
    .limit(limit);
}
