import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-db.js';
import { DbJobQueue } from './db-queue.js';
import * as queries from './queries.js';
import { jobQueueContract } from '../testing/queue-contract.js';
import { backoffDelay } from './backoff.js';
import { capturedLogger, eventually } from '../testing/captured-logger.js';

jobQueueContract(
  'DbJobQueue (in process)',
  (database, handlers, { workers }) =>
    new DbJobQueue(database.db, {
      handlers,
      concurrency: workers ? 2 : 0,
      pollMs: 100,
      heartbeatMs: 100,
      retryBaseMs: 20,
      staleAfterMs: 1000,
    }),
);

describe('DbJobQueue after a crash', () => {
  it('retries a job whose worker died mid-run, and it completes', async () => {
    const database = await createTestDatabase();
    try {
      // The state a killed process leaves: the job is 'running', held by a worker that no longer
      // heart-beats.
      const { job } = await queries.insertJob(database.db, 'echo', { n: 1 }, {});
      await queries.claimNextJob(database.db, 'dead-worker', ['echo']);
      await database.db.execute(
        `update jobs set heartbeat_at = now() - interval '1 hour' where id = '${job.id}'` as never,
      );
      const queue = new DbJobQueue(database.db, {
        handlers: new Map([['echo', async (payload: unknown) => payload]]),
        concurrency: 1,
        pollMs: 100,
        staleAfterMs: 1000,
      });
      await queue.start();
      const done = await queue.waitFor(job.id, 10_000);
      await queue.close();
      expect(done).toMatchObject({ status: 'succeeded', attempts: 2, result: { n: 1 } });
    } finally {
      await database.destroy();
    }
  });
});

describe('backoffDelay', () => {
  it('doubles from the base, with ±20% jitter, up to the cap', () => {
    expect(backoffDelay(1, 1000, 60_000, () => 0.5)).toBe(1000);
    expect(backoffDelay(3, 1000, 60_000, () => 0.5)).toBe(4000);
    expect(backoffDelay(3, 1000, 60_000, () => 0)).toBe(3200);
    expect(backoffDelay(3, 1000, 60_000, () => 1)).toBe(4800);
    expect(backoffDelay(20, 1000, 60_000, () => 0.5)).toBe(60_000);
  });
});

describe('DbJobQueue when its database fails', () => {
  it('logs each failure it works around, with its cause', async () => {
    const database = await createTestDatabase();
    const { logger, lines } = capturedLogger();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release: () => void = () => undefined;
    const queue = new DbJobQueue(database.db, {
      handlers: new Map([
        [
          'slow',
          async () => {
            started();
            await new Promise<void>((resolve) => (release = resolve));
            return 'done';
          },
        ],
      ]),
      concurrency: 1,
      pollMs: 50,
      heartbeatMs: 50,
      logger,
    });
    try {
      await queue.start();
      const job = await queue.enqueue('slow', {});
      await running;
      await database.close();
      const seen = (msg: string) => lines.find((line) => line.msg === msg);
      await eventually(
        () =>
          !!seen('job heartbeat failed') && !!seen('could not recover the jobs of stopped workers'),
      );
      release();
      await eventually(
        () =>
          !!seen(
            'could not record the outcome of a job attempt; it runs again once found orphaned',
          ),
      );
      for (const line of lines.filter((entry) => entry.level === 40)) {
        expect(line.component).toBe('db-queue');
        expect(line.err?.message).toMatch(/\w/);
      }
      expect(seen('job heartbeat failed')).toMatchObject({ jobId: job.id, kind: 'slow' });
    } finally {
      release();
      await queue.close();
      await database.destroy();
    }
  });
});
