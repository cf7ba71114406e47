import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { jobs, webhookDeliveries } from '../../db/schema/index.js';
import { MemoryRateLimiter } from '../../lib/rate-limit/memory-rate-limiter.js';
import { compose } from '../../composition.js';
import { processLogger } from '../../lib/logging.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { testConfig } from '../../testing/test-config.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.js';
import { delivery, examplePayload, send } from '../../testing/webhook-deliveries.js';
import { encryptSecret } from '../../lib/crypto.js';
import { recordInstalled } from './queries.js';

/**
 * A process that acknowledged deliveries and died before processing them: the next process on the
 * same database processes every one — the job still queued, and the delivery whose job was never
 * written (the process died between the two writes).
 */
let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'rota-webhook-restart-'));
}, 60_000);
afterAll(async () => {
  await database?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const config = () => testConfig({ dataDir, publicUrl: 'https://rota.example.com' });
const hostPolicy = { resolver: async () => ['140.82.112.3'] };

/** An API process on the shared database; its queue runs jobs only once `start` is called. */
async function startProcess() {
  const runtime = await compose({
    config: config(),
    database,
    rateLimiter: new MemoryRateLimiter(),
    logger: processLogger(false),
    hostPolicy,
  });
  const app = await buildApp(runtime);
  await app.ready();
  return {
    app,
    events: runtime.events,
    start: () => runtime.queue.start(),
    stop: async () => {
      await app.close();
      await runtime.queue.close();
    },
  };
}

it('processes, after a restart, every delivery acknowledged before the process died', async () => {
  const SECRET = 'restart-secret';
  const first = await startProcess();
  const { token } = await registerUser(first.app);
  const created = await first.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(token),
    payload: { name: 'Restart', repos: [{ name: 'api', url: 'https://github.com/ayse/api' }] },
  });
  const repoId = created.json().data.repos[0].id as string;
  await recordInstalled(database.db, repoId, {
    hookId: '1',
    secretEnc: encryptSecret(SECRET, config().encryptionKey),
  });
  const repository = { owner: 'ayse', repo: 'api' };
  const queued = delivery(
    'pull_request',
    examplePayload('pull_request', repository, 'synchronize'),
    SECRET,
  );
  const orphaned = delivery(
    'pull_request',
    examplePayload('pull_request', repository, 'closed'),
    SECRET,
  );
  expect((await send(first.app, queued)).statusCode).toBe(202);
  expect((await send(first.app, orphaned)).statusCode).toBe(202);
  // The second delivery's job is gone (written apart from its row by an older version, which
  // died in between): recovery at start must give it a new one.
  const [orphanRow] = await database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.deliveryId, orphaned.deliveryId));
  const deleted = await database.db
    .delete(jobs)
    .where(sql`${jobs.payload} -> 'deliveryRowIds' @> ${JSON.stringify([orphanRow!.id])}::jsonb`)
    .returning({ id: jobs.id });
  expect(deleted).toHaveLength(1);
  await first.stop();
  const before = await database.db
    .select({ status: webhookDeliveries.status })
    .from(webhookDeliveries);
  expect(before.map((row) => row.status)).toEqual(['received', 'received']);

  const second = await startProcess();
  const seen: string[] = [];
  second.events.on('pull_request.synchronize', (event) => void seen.push(event.deliveryId));
  second.events.on('pull_request.closed', (event) => void seen.push(event.deliveryId));
  await second.start();
  // A delivery is marked processed after its event is emitted: wait for both marks, not only the
  // events (reading at the second event raced the last write under load).
  const statuses = () =>
    database.db.select({ status: webhookDeliveries.status }).from(webhookDeliveries);
  let after = await statuses();
  for (
    let i = 0;
    i < 400 && (seen.length < 2 || after.some((row) => row.status !== 'processed'));
    i += 1
  ) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    after = await statuses();
  }
  await second.stop();
  expect(seen.sort()).toEqual([queued.deliveryId, orphaned.deliveryId].sort());
  expect(after.map((row) => row.status)).toEqual(['processed', 'processed']);
}, 60_000);
