import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BullJobQueue } from './bullmq-queue.js';
import { capturedLogger, eventually } from '../testing/captured-logger.js';
import { jobQueueContract } from '../testing/queue-contract.js';
import { createTestDatabase } from '../testing/test-db.js';

// BullMQ is tested on a real Redis; CI sets TEST_REDIS_URL (`.ci/run`).
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('on a real Redis (TEST_REDIS_URL)', () => {
  jobQueueContract(
    'BullJobQueue (BullMQ)',
    (database, handlers, { workers }) =>
      new BullJobQueue(database.db, {
        redisUrl: redisUrl!,
        handlers,
        concurrency: workers ? 2 : 0,
        // A queue of its own per queue object would not share jobs; one name per test run does.
        queueName: `rota-test-${process.pid}-${runId}`,
        heartbeatMs: 100,
        retryBaseMs: 20,
        lockDurationMs: 2000,
        stalledIntervalMs: 1000,
      }),
  );

  it('logs a failed reconciliation with its cause, and keeps reconciling', async () => {
    const database = await createTestDatabase();
    const { logger, lines } = capturedLogger();
    const queue = new BullJobQueue(database.db, {
      redisUrl: redisUrl!,
      handlers: new Map([['echo', async (payload: unknown) => payload]]),
      concurrency: 1,
      queueName: `rota-test-${process.pid}-${runId}-logs`,
      reconcileMs: 50,
      logger,
    });
    try {
      await queue.start();
      await database.close();
      const failures = () =>
        lines.filter((line) => line.msg === 'could not reconcile queued jobs with Redis');
      await eventually(() => failures().length >= 2);
      expect(failures()[0]).toMatchObject({ level: 40, component: 'bullmq-queue' });
      expect(failures()[0]!.err?.message).toMatch(/\w/);
    } finally {
      await queue.close();
      await database.destroy();
    }
  });
});

const runId = randomUUID().slice(0, 8);
