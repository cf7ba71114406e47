import type { Database } from '../db/client.js';
import * as handleQueries from './handle-queries.js';
import type { HeldJob, HeldJobView } from './handle-queries.js';
import type { EnqueueOptions, JobQueue, JobRecord } from './types.js';

export type { HeldJob, HeldJobView } from './handle-queries.js';

/** Who asks for a job: the user, and the project the request was for (if any). */
export interface JobAsker {
  ownerId: string;
  projectId: string | null;
}

/**
 * Jobs as users see them. The queue shares work — one job per dedupe key whoever asks —
 * and this layer gives each asker a handle of their own on it: reading, following and cancelling
 * always go through a handle, so one user never reads or stops another's request.
 */
export class JobHandles {
  constructor(
    private readonly db: Database,
    private readonly queue: JobQueue,
  ) {}

  /** Enqueues the job (or joins the active one with the same dedupe key) and hands the asker a handle. */
  async enqueue(
    asker: JobAsker,
    kind: string,
    payload: unknown,
    options: Omit<EnqueueOptions, 'ownerId' | 'projectId'> = {},
  ): Promise<HeldJob> {
    for (let attempt = 1; ; attempt += 1) {
      const job = await this.queue.enqueue(kind, payload, {
        ...options,
        ownerId: asker.ownerId,
        ...(asker.projectId ? { projectId: asker.projectId } : {}),
      });
      const held = await this.attach(job, asker);
      if (held) return held;
      // Only a job deleted meanwhile (its project went) has no row to attach to: ask again, once.
      if (attempt >= 2) throw new Error(`Job ${job.id} disappeared before it could be handed out`);
    }
  }

  /** A handle on an existing job (e.g. a finished one the user's page shows). */
  attach(job: Pick<JobRecord, 'id'>, asker: JobAsker): Promise<HeldJob | undefined> {
    return handleQueries.attachHandle(this.db, job.id, asker.ownerId, asker.projectId);
  }

  /** The caller's handle, or undefined (someone else's and a missing one look the same). */
  find(ownerId: string, handleId: string): Promise<HeldJob | undefined> {
    return handleQueries.findHandle(this.db, ownerId, handleId);
  }

  latestFor(asker: JobAsker, dedupeKey: string): Promise<HeldJob | undefined> {
    return handleQueries.findLatestHandleByDedupeKey(
      this.db,
      asker.ownerId,
      asker.projectId,
      dedupeKey,
    );
  }

  /**
   * Ends the caller's handle; the shared job is cancelled only when it was the last live handle
   * waiting on it. Undefined when the handle is not the caller's.
   */
  async cancel(ownerId: string, handleId: string): Promise<HeldJob | undefined> {
    const outcome = await handleQueries.cancelHandle(this.db, ownerId, handleId);
    if (!outcome) return undefined;
    // The table already says so; the queue also drops it from Redis or aborts the running worker.
    if (outcome.stopJob) await this.queue.cancel(outcome.jobId);
    return this.find(ownerId, handleId);
  }

  /** Queued or running jobs of `kind` the user waits on (the per-user quota's count). */
  countLive(ownerId: string, kind: string): Promise<number> {
    return handleQueries.countLiveHandlesOfOwner(this.db, ownerId, kind);
  }
}

/** Whether the handle still waits on work: not cancelled, and its job queued or running. */
export function isLiveHandle(held: HeldJobView): boolean {
  return (
    held.handle.cancelledAt === null &&
    (held.job.status === 'queued' || held.job.status === 'running')
  );
}
