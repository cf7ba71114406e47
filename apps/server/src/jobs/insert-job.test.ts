import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js';
import * as queries from './queries.js';

/** `insertJob` answers in one statement: the new job, or the active one holding its dedupe key. */
describe('insertJob', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('returns a new job as stored, then the same job to a second enqueue of its key', async () => {
    const options = { dedupeKey: 'sync:acme/api', maxAttempts: 1 };
    const first = await queries.insertJob(database.db, 'sync', { repo: 'api' }, options);
    expect(first.created).toBe(true);
    // Dates, json and defaults come back as a select reads them, not as the driver's raw values.
    expect(first.job).toEqual(await queries.findJob(database.db, first.job.id));
    expect(first.job.createdAt).toBeInstanceOf(Date);
    expect(first.job).toMatchObject({ status: 'queued', payload: { repo: 'api' }, maxAttempts: 1 });

    const again = await queries.insertJob(database.db, 'sync', { repo: 'other' }, options);
    expect(again).toEqual({ job: first.job, created: false });
  });

  it('joins a running job, and makes a new one once the holder has finished', async () => {
    const options = { dedupeKey: 'sync:acme/web' };
    const { job } = await queries.insertJob(database.db, 'sync-web', {}, options);
    await queries.claimNextJob(database.db, 'worker-1', ['sync-web']);
    const joined = await queries.insertJob(database.db, 'sync-web', {}, options);
    expect(joined).toMatchObject({ created: false, job: { id: job.id, status: 'running' } });

    await queries.finishJob(database.db, job.id, 'worker-1', { status: 'succeeded', result: {} });
    const next = await queries.insertJob(database.db, 'sync-web', {}, options);
    expect(next.created).toBe(true);
    expect(next.job.id).not.toBe(job.id);
  });

  it('gives enqueues of one key made at the same time one job', async () => {
    const options = { dedupeKey: 'sync:acme/many' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => queries.insertJob(database.db, 'sync', {}, options)),
    );
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.job.id)).size).toBe(1);
  });

  it('never deduplicates jobs without a key', async () => {
    const a = await queries.insertJob(database.db, 'echo', {}, {});
    const b = await queries.insertJob(database.db, 'echo', {}, {});
    expect(a.created && b.created).toBe(true);
    expect(a.job.id).not.toBe(b.job.id);
  });
});
