import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { jobHandles, jobs } from '../db/schema/index.js';
import { requestCancel, toJobRecord } from './queries.js';
import type { JobRecord } from './types.js';

export type JobHandleRow = typeof jobHandles.$inferSelect;

/** A user's handle and the (possibly shared) job behind it. */
export interface HeldJob {
  handle: JobHandleRow;
  job: JobRecord;
}

/** The job fields a page shows (toJobSummary) and decides on; the rest stays in the table. */
export type JobView = Pick<
  JobRecord,
  | 'id'
  | 'kind'
  | 'status'
  | 'stage'
  | 'progress'
  | 'error'
  | 'attempts'
  | 'updatedAt'
  | 'finishedAt'
>;
/** As much of a HeldJob as a page needs (what lookAtProject reads in its one statement). */
export interface HeldJobView {
  handle: Pick<JobHandleRow, 'id' | 'createdAt' | 'cancelledAt'>;
  job: JobView;
}

const ACTIVE = ['queued', 'running'] as const;

/**
 * Gives `ownerId` a live handle on the job (their existing one when they already hold it for this
 * project). The job row is locked meanwhile, so a concurrent last cancel either sees this handle
 * or happens before it (docs/jobs.md, Job handles).
 */
export async function attachHandle(
  db: Database,
  jobId: string,
  ownerId: string,
  projectId: string | null,
): Promise<HeldJob | undefined> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for('update');
    if (!job) return undefined;
    await tx.insert(jobHandles).values({ jobId, ownerId, projectId }).onConflictDoNothing();
    const [handle] = await tx
      .select()
      .from(jobHandles)
      .where(
        and(
          eq(jobHandles.jobId, jobId),
          eq(jobHandles.ownerId, ownerId),
          projectId === null ? isNull(jobHandles.projectId) : eq(jobHandles.projectId, projectId),
          isNull(jobHandles.cancelledAt),
        ),
      )
      .limit(1);
    return { handle: handle!, job: toJobRecord(job) };
  });
}

/** The caller's handle; anyone else's, and a missing one, are both undefined. */
export async function findHandle(
  db: Database,
  ownerId: string,
  handleId: string,
): Promise<HeldJob | undefined> {
  const [row] = await db
    .select({ handle: jobHandles, job: jobs })
    .from(jobHandles)
    .innerJoin(jobs, eq(jobs.id, jobHandles.jobId))
    .where(and(eq(jobHandles.id, handleId), eq(jobHandles.ownerId, ownerId)))
    .limit(1);
  return row ? { handle: row.handle, job: toJobRecord(row.job) } : undefined;
}

/**
 * The user's newest handle (for this project) on a job holding `dedupeKey`: what their page shows
 * for one repository, branch and kind.
 */
export async function findLatestHandleByDedupeKey(
  db: Database,
  ownerId: string,
  projectId: string | null,
  dedupeKey: string,
): Promise<HeldJob | undefined> {
  const [row] = await db
    .select({ handle: jobHandles, job: jobs })
    .from(jobHandles)
    .innerJoin(jobs, eq(jobs.id, jobHandles.jobId))
    .where(
      and(
        eq(jobHandles.ownerId, ownerId),
        projectId === null ? isNull(jobHandles.projectId) : eq(jobHandles.projectId, projectId),
        eq(jobs.dedupeKey, dedupeKey),
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobHandles.createdAt))
    .limit(1);
  return row ? { handle: row.handle, job: toJobRecord(row.job) } : undefined;
}

/**
 * Ends the caller's handle and, when no other live handle waits on the job, asks the job to stop
 * (in the same transaction, under the job's row lock, so a handle attached meanwhile is either
 * counted or attached to an already-stopped job). Returns undefined for someone else's handle;
 * `stopJob` tells whether the queue must cancel the job (e.g. remove it from Redis too).
 */
export async function cancelHandle(
  db: Database,
  ownerId: string,
  handleId: string,
): Promise<{ stopJob: boolean; jobId: string } | undefined> {
  return db.transaction(async (tx) => {
    const [handle] = await tx
      .select()
      .from(jobHandles)
      .where(and(eq(jobHandles.id, handleId), eq(jobHandles.ownerId, ownerId)))
      .limit(1);
    if (!handle) return undefined;
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, handle.jobId)).for('update');
    // A finished job, or a handle already cancelled: nothing left to stop.
    if (!job || handle.cancelledAt || !(ACTIVE as readonly string[]).includes(job.status))
      return { stopJob: false, jobId: handle.jobId };
    await tx
      .update(jobHandles)
      .set({ cancelledAt: sql`now()` })
      .where(eq(jobHandles.id, handle.id));
    const [others] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(jobHandles)
      .where(
        and(
          eq(jobHandles.jobId, job.id),
          ne(jobHandles.id, handle.id),
          isNull(jobHandles.cancelledAt),
        ),
      );
    if (Number(others?.count ?? 0) > 0) return { stopJob: false, jobId: job.id };
    await requestCancel(tx as unknown as Database, job.id);
    return { stopJob: true, jobId: job.id };
  });
}

/**
 * Queued and running jobs of one kind that `ownerId` waits on through a live handle: what the
 * per-user quota counts. A job counts once however many of the user's projects hold it.
 */
export async function countLiveHandlesOfOwner(
  db: Database,
  ownerId: string,
  kind: string,
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct ${jobHandles.jobId})::int` })
    .from(jobHandles)
    .innerJoin(jobs, eq(jobs.id, jobHandles.jobId))
    .where(
      and(
        eq(jobHandles.ownerId, ownerId),
        isNull(jobHandles.cancelledAt),
        eq(jobs.kind, kind),
        inArray(jobs.status, [...ACTIVE]),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Jobs held for a project (newest first), e.g. the repository analyses started for it. */
export async function listJobsHeldForProject(
  db: Database,
  projectId: string,
  kind: string,
  limit = 200,
): Promise<JobRecord[]> {
  const rows = await db
    .select({ job: jobs })
    .from(jobHandles)
    .innerJoin(jobs, eq(jobs.id, jobHandles.jobId))
    .where(and(eq(jobHandles.projectId, projectId), eq(jobs.kind, kind)))
    .orderBy(desc(jobHandles.createdAt))
    .limit(limit);
  return rows.map((row) => toJobRecord(row.job));
}
