import type { Database } from '../db/client.js';
import * as queries from './queries.js';
import type { JobRecord, JobRequest } from './types.js';

/**
 * One transaction for the caller's rows and the job they ask for (`JobQueue.enqueueWith`); the
 * queue hands the job to its workers once it is committed.
 */
export async function writeWithJob<T>(
  db: Database,
  write: (tx: Database) => Promise<{ value: T; job: JobRequest | null }>,
): Promise<{ value: T; job: JobRecord | null; created: boolean }> {
  return db.transaction(async (transaction) => {
    // Drizzle's transaction speaks the same query API as the database handle.
    const tx = transaction as unknown as Database;
    const { value, job } = await write(tx);
    if (!job) return { value, job: null, created: false };
    const inserted = await queries.insertJob(tx, job.kind, job.payload, job.options ?? {});
    return { value, job: inserted.job, created: inserted.created };
  });
}
