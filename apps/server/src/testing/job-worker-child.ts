/**
 * A worker process for crash tests: it takes a job of kind `work`, says so on stdout and then
 * hangs, so the test can kill it mid-job with SIGKILL.
 *   env: DB_URL, QUEUE=db|bull, REDIS_URL, QUEUE_NAME
 */
import { openDatabase } from '../db/client.js';
import { BullJobQueue } from '../jobs/bullmq-queue.js';
import { DbJobQueue } from '../jobs/db-queue.js';
import type { JobHandler } from '../jobs/types.js';

const database = await openDatabase({ kind: 'postgres', url: process.env.DB_URL! });
const handlers = new Map<string, JobHandler>([
  [
    'work',
    async (_payload, context) => {
      process.stdout.write(`STARTED ${context.jobId}\n`);
      await new Promise(() => undefined);
    },
  ],
]);
const queue =
  process.env.QUEUE === 'bull'
    ? new BullJobQueue(database.db, {
        redisUrl: process.env.REDIS_URL!,
        handlers,
        concurrency: 1,
        queueName: process.env.QUEUE_NAME!,
        heartbeatMs: 100,
        lockDurationMs: 1000,
        stalledIntervalMs: 500,
      })
    : new DbJobQueue(database.db, { handlers, concurrency: 1, pollMs: 100, heartbeatMs: 100 });
await queue.start();
process.stdout.write('READY\n');
