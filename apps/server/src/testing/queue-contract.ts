import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-db.js';
import { eq } from 'drizzle-orm';
import { jobs as jobsTable, users } from '../db/schema/index.js';
import { JobHandles } from '../jobs/handles.js';
import { DeferJobError, PermanentJobError, type JobHandler, type JobQueue } from '../jobs/types.js';

/** Builds the queue under test; `workers: false` makes an enqueue-only queue (WORKERS=0). */
export type QueueFactory = (
  database: TestDatabase,
  handlers: Map<string, JobHandler>,
  options: { workers: boolean },
) => JobQueue;

/**
 * What every JobQueue must do, run against each implementation (the same contract suite
 * for the in-process queue and for BullMQ on a real Redis).
 */
export function jobQueueContract(name: string, makeQueue: QueueFactory): void {
  describe(`${name}: the JobQueue contract`, () => {
    let database: TestDatabase;
    const queues: JobQueue[] = [];
    const calls = new Map<string, number>();
    const count = (id: string) => calls.set(id, (calls.get(id) ?? 0) + 1).get(id)!;
    const release = new Map<string, () => void>();
    /** While closed, `deferred` jobs cannot go on (someone else holds what they need). */
    const gate = { open: false };

    const handlers = new Map<string, JobHandler>([
      ['echo', async (payload) => ({ echoed: payload })],
      [
        'progress',
        async (_payload, context) => {
          await context.progress('cloning', 40);
          await new Promise<void>((resolve) => release.set(context.jobId, resolve));
          return 'done';
        },
      ],
      [
        'flaky',
        async (payload, context) => {
          const failures = (payload as { failures: number }).failures;
          if (count(context.jobId) <= failures) throw new Error(`flaky failure ${context.attempt}`);
          return { attempt: context.attempt };
        },
      ],
      [
        'deferred',
        async (_payload, context) => {
          count(context.jobId);
          if (!gate.open) throw new DeferJobError('waiting-for-repository', 50, 'busy elsewhere');
          return { attempt: context.attempt };
        },
      ],
      [
        'permanent',
        async () => {
          throw new PermanentJobError('REPO_NOT_FOUND', 'Repository not found');
        },
      ],
      [
        'hang',
        async (_payload, context) => {
          count(context.jobId);
          await new Promise<void>((resolve) =>
            context.signal.addEventListener('abort', () => resolve()),
          );
          return 'stopped';
        },
      ],
    ]);

    const start = async () => {
      const queue = makeQueue(database, handlers, { workers: true });
      queues.push(queue);
      await queue.start();
      return queue;
    };

    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterEach(async () => {
      for (const resolve of release.values()) resolve();
      await Promise.all(queues.splice(0).map((queue) => queue.close()));
      await database.reset();
    });
    afterAll(async () => {
      await database.destroy();
    });

    it('runs a job and records its result', async () => {
      const queue = await start();
      const job = await queue.enqueue('echo', { repo: 'a' });
      expect(job.status).toBe('queued');
      const done = await queue.waitFor(job.id, 10_000);
      expect(done).toMatchObject({
        status: 'succeeded',
        result: { echoed: { repo: 'a' } },
        progress: 100,
        attempts: 1,
      });
    });

    it('shows progress while a job runs', async () => {
      const queue = await start();
      const job = await queue.enqueue('progress', {});
      await expect
        .poll(async () => (await queue.get(job.id))?.stage, { timeout: 10_000 })
        .toBe('cloning');
      expect(await queue.get(job.id)).toMatchObject({ status: 'running', progress: 40 });
      await expect.poll(() => release.has(job.id)).toBe(true);
      release.get(job.id)!();
      expect((await queue.waitFor(job.id, 10_000))?.status).toBe('succeeded');
    });

    it('dedupes by key while a job is active, and not after it finished', async () => {
      const queue = await start();
      const first = await queue.enqueue('progress', {}, { dedupeKey: 'structure:repo-1:abc' });
      const second = await queue.enqueue('progress', {}, { dedupeKey: 'structure:repo-1:abc' });
      expect(second.id).toBe(first.id);
      await expect.poll(() => release.has(first.id), { timeout: 10_000 }).toBe(true);
      expect((await queue.get(first.id))?.status).toBe('running');
      release.get(first.id)!();
      await queue.waitFor(first.id, 10_000);
      const third = await queue.enqueue('echo', {}, { dedupeKey: 'structure:repo-1:abc' });
      expect(third.id).not.toBe(first.id);
    });

    it('writes rows and their job together (enqueueWith), and runs the job', async () => {
      const queue = await start();
      const value = await queue.enqueueWith(async (tx) => {
        await tx.insert(users).values({ email: 'with@example.com', name: 'With' });
        return { value: 'written', job: { kind: 'echo', payload: { n: 1 } } };
      });
      expect(value).toBe('written');
      expect(await database.db.select().from(users)).toHaveLength(1);
      const [job] = await database.db.select().from(jobsTable).where(eq(jobsTable.kind, 'echo'));
      expect((await queue.waitFor(job!.id, 10_000))?.result).toEqual({ echoed: { n: 1 } });
    });

    it('writes neither rows nor job when enqueueWith fails, and no job when none is asked', async () => {
      const queue = await start();
      await expect(
        queue.enqueueWith(async (tx) => {
          await tx.insert(users).values({ email: 'lost@example.com', name: 'Lost' });
          await tx.insert(users).values({ email: 'lost@example.com', name: 'Again' });
          return { value: null, job: { kind: 'echo', payload: {} } };
        }),
      ).rejects.toThrow();
      expect(await queue.enqueueWith(async () => ({ value: 'nothing to do', job: null }))).toBe(
        'nothing to do',
      );
      expect(await database.db.select().from(users)).toEqual([]);
      expect(await database.db.select().from(jobsTable)).toEqual([]);
    });

    it('retries a failing job with backoff until it succeeds', async () => {
      const queue = await start();
      const job = await queue.enqueue('flaky', { failures: 2 }, { maxAttempts: 3 });
      const done = await queue.waitFor(job.id, 20_000);
      expect(done).toMatchObject({ status: 'succeeded', attempts: 3, result: { attempt: 3 } });
    });

    it('fails with the reason after its last attempt', async () => {
      const queue = await start();
      const job = await queue.enqueue('flaky', { failures: 5 }, { maxAttempts: 2 });
      const done = await queue.waitFor(job.id, 20_000);
      expect(done).toMatchObject({
        status: 'failed',
        attempts: 2,
        error: { code: 'JOB_FAILED', message: 'flaky failure 2' },
      });
    });

    it("gives a deferred job's worker back, and runs it again without spending an attempt", async () => {
      gate.open = false;
      const queue = await start();
      // As many waiting jobs as there are workers: had they kept their workers, nothing else ran.
      const waiting = [
        await queue.enqueue('deferred', { n: 1 }, { maxAttempts: 1 }),
        await queue.enqueue('deferred', { n: 2 }, { maxAttempts: 1 }),
      ];
      await expect
        .poll(() => waiting.every((job) => (calls.get(job.id) ?? 0) >= 2), { timeout: 10_000 })
        .toBe(true);
      const other = await queue.enqueue('echo', { repo: 'b' });
      expect((await queue.waitFor(other.id, 10_000))?.status).toBe('succeeded');
      expect(await queue.get(waiting[0]!.id)).toMatchObject({
        status: expect.stringMatching(/queued|running/),
        error: null,
      });
      gate.open = true;
      for (const job of waiting) {
        expect(await queue.waitFor(job.id, 10_000)).toMatchObject({
          status: 'succeeded',
          attempts: 1,
          result: { attempt: 1 },
        });
      }
    });

    it('does not retry a permanent failure', async () => {
      const queue = await start();
      const job = await queue.enqueue('permanent', {}, { maxAttempts: 5 });
      const done = await queue.waitFor(job.id, 10_000);
      expect(done).toMatchObject({
        status: 'failed',
        attempts: 1,
        error: { code: 'REPO_NOT_FOUND', message: 'Repository not found' },
      });
    });

    it('cancels a queued job before it runs', async () => {
      const queue = makeQueue(database, handlers, { workers: true });
      queues.push(queue);
      const job = await queue.enqueue('echo', {}, { delayMs: 60_000 });
      expect((await queue.cancel(job.id))?.status).toBe('cancelled');
      await queue.start();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await queue.get(job.id)).toMatchObject({ status: 'cancelled', attempts: 0 });
    });

    it('aborts a running job when it is cancelled', async () => {
      const queue = await start();
      const job = await queue.enqueue('hang', {});
      await expect
        .poll(async () => (await queue.get(job.id))?.status, { timeout: 10_000 })
        .toBe('running');
      await queue.cancel(job.id);
      const done = await queue.waitFor(job.id, 10_000);
      expect(done).toMatchObject({ status: 'cancelled', error: { code: 'CANCELLED' } });
    });

    it('answers waitFor with the current state when the time is up', async () => {
      const queue = await start();
      const job = await queue.enqueue('progress', {});
      const started = Date.now();
      const current = await queue.waitFor(job.id, 300);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(['queued', 'running']).toContain(current?.status);
      expect(await queue.get('00000000-0000-0000-0000-000000000000')).toBeUndefined();
    });

    it('shares one job between users, each with a handle; it stops when the last handle is cancelled', async () => {
      const queue = await start();
      const handles = new JobHandles(database.db, queue);
      const [alice, bob] = await database.db
        .insert(users)
        .values([
          { email: 'alice@example.com', name: 'Alice' },
          { email: 'bob@example.com', name: 'Bob' },
        ])
        .returning();
      const asAlice = { ownerId: alice!.id, projectId: null };
      const asBob = { ownerId: bob!.id, projectId: null };
      const mine = await handles.enqueue(asAlice, 'hang', {}, { dedupeKey: 'shared:hang' });
      const theirs = await handles.enqueue(asBob, 'hang', {}, { dedupeKey: 'shared:hang' });
      expect(theirs.job.id).toBe(mine.job.id);
      expect(theirs.handle.id).not.toBe(mine.handle.id);
      // Asking again holds the same handle: one live handle per user, job and project.
      expect(
        (await handles.enqueue(asAlice, 'hang', {}, { dedupeKey: 'shared:hang' })).handle.id,
      ).toBe(mine.handle.id);
      await expect
        .poll(async () => (await queue.get(mine.job.id))?.status, { timeout: 10_000 })
        .toBe('running');
      expect(await handles.countLive(alice!.id, 'hang')).toBe(1);
      expect(await handles.countLive(bob!.id, 'hang')).toBe(1);
      // Nobody reads or cancels another's handle.
      expect(await handles.find(bob!.id, mine.handle.id)).toBeUndefined();
      expect(await handles.cancel(bob!.id, mine.handle.id)).toBeUndefined();

      const cancelled = await handles.cancel(alice!.id, mine.handle.id);
      expect(cancelled?.handle.cancelledAt).not.toBeNull();
      // Bob still waits: the job is neither aborted nor flagged (an abort would end it 'cancelled').
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await queue.get(mine.job.id)).toMatchObject({ status: 'running' });
      expect(await handles.countLive(alice!.id, 'hang')).toBe(0);
      expect(await handles.countLive(bob!.id, 'hang')).toBe(1);

      await handles.cancel(bob!.id, theirs.handle.id);
      expect(await queue.waitFor(mine.job.id, 10_000)).toMatchObject({
        status: 'cancelled',
        error: { code: 'CANCELLED' },
      });
    });

    it('runs nothing when it has no workers (an API process with WORKERS=0)', async () => {
      const idle = makeQueue(database, handlers, { workers: false });
      queues.push(idle);
      await idle.start();
      const job = await idle.enqueue('echo', {});
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await idle.get(job.id))?.status).toBe('queued');
      const worker = await start();
      expect((await worker.waitFor(job.id, 10_000))?.status).toBe('succeeded');
    });
  });
}
