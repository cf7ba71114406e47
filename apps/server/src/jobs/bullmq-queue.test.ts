import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { BullJobQueue } from './bullmq-queue.js';
import { jobQueueContract } from '../testing/queue-contract.js';

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
});

const runId = randomUUID().slice(0, 8);
