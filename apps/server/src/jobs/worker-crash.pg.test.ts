import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js';
import { BullJobQueue } from './bullmq-queue.js';
import { DbJobQueue } from './db-queue.js';
import type { JobHandler, JobQueue } from './types.js';

const childScript = fileURLToPath(new URL('../testing/job-worker-child.ts', import.meta.url));
const redisUrl = process.env.TEST_REDIS_URL;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

/** Starts a worker process, waits until it has taken `jobId`, then kills it with SIGKILL. */
async function killWorkerMidJob(
  env: Record<string, string>,
  enqueue: () => Promise<string>,
): Promise<string> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', childScript], {
    env: { PATH: process.env.PATH ?? '', DB_URL: database.url!, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await expect.poll(() => output, { timeout: 20_000 }).toContain('READY');
  const jobId = await enqueue();
  await expect.poll(() => output, { timeout: 20_000 }).toContain(`STARTED ${jobId}`);
  child.kill('SIGKILL');
  await exited;
  return jobId;
}

const completes: JobHandler = async () => 'completed by the second worker';

describe('a worker killed mid-job', () => {
  it('DbJobQueue: the job is retried by another process and completes', async () => {
    const enqueueOnly = new DbJobQueue(database.db, {
      handlers: new Map([['work', completes]]),
      concurrency: 0,
    });
    const jobId = await killWorkerMidJob(
      { QUEUE: 'db' },
      async () => (await enqueueOnly.enqueue('work', {})).id,
    );
    expect((await enqueueOnly.get(jobId))?.status).toBe('running');
    const survivor: JobQueue = new DbJobQueue(database.db, {
      handlers: new Map([['work', completes]]),
      concurrency: 1,
      pollMs: 100,
      staleAfterMs: 1000,
    });
    await survivor.start();
    try {
      const done = await survivor.waitFor(jobId, 20_000);
      expect(done).toMatchObject({
        status: 'succeeded',
        attempts: 2,
        result: 'completed by the second worker',
      });
    } finally {
      await survivor.close();
    }
  }, 60_000);

  it.runIf(redisUrl)(
    'BullJobQueue: the stalled job is redelivered and completes',
    async () => {
      const queueName = `rota-crash-${randomUUID().slice(0, 8)}`;
      const options = {
        redisUrl: redisUrl!,
        queueName,
        heartbeatMs: 100,
        lockDurationMs: 1000,
        stalledIntervalMs: 500,
      };
      const enqueueOnly = new BullJobQueue(database.db, {
        ...options,
        handlers: new Map([['work', completes]]),
        concurrency: 0,
      });
      const jobId = await killWorkerMidJob(
        { QUEUE: 'bull', REDIS_URL: redisUrl!, QUEUE_NAME: queueName },
        async () => (await enqueueOnly.enqueue('work', {})).id,
      );
      const survivor = new BullJobQueue(database.db, {
        ...options,
        handlers: new Map([['work', completes]]),
        concurrency: 1,
      });
      await survivor.start();
      try {
        const done = await survivor.waitFor(jobId, 30_000);
        expect(done).toMatchObject({
          status: 'succeeded',
          attempts: 2,
          result: 'completed by the second worker',
        });
      } finally {
        await survivor.close();
        await enqueueOnly.close();
      }
    },
    60_000,
  );
});
