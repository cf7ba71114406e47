import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { jobs, webhookDeliveries } from '../../db/schema/index.js';
import { encryptSecret } from '../../lib/crypto.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { testConfig } from '../../testing/test-config.js';
import { useTestApp } from '../../testing/test-app.js';
import { delivery, examplePayload } from '../../testing/webhook-deliveries.js';
import { defaultForges } from '../forges/index.js';
import { AcksFirst } from './acks-first.js';
import { DeliveryBatcher, type CheckedDelivery } from './delivery-batch.js';
import { WEBHOOK_DELIVERY_JOB, repositoryRef } from './delivery-job.js';
import { recordInstalled } from './queries.js';
import { parseSignature, signBody } from './signature.js';

/**
 * Group commit: deliveries submitted together are one batch (one insert, one job), and each still
 * gets its own answer — a replay, a bad signature or an unknown repository in the batch touches
 * no other delivery's answer or row.
 */
const SECRET = 'batch-secret';
const context = useTestApp({
  config: { publicUrl: 'https://rota.example.com' },
  hostPolicy: { resolver: async () => ['140.82.112.3'] },
  // The test reads the batch's job before anything runs it.
  startQueue: false,
});

async function projectWithHook() {
  const { token } = await registerUser(context.app);
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: bearer(token),
    payload: { name: 'Batch', repos: [{ name: 'api', url: 'https://github.com/ayse/api' }] },
  });
  expect(created.statusCode).toBe(201);
  await recordInstalled(context.database.db, created.json().data.repos[0].id as string, {
    hookId: '1',
    secretEnc: encryptSecret(SECRET, testConfig({}).encryptionKey),
  });
}

/** Creating a project queues jobs of its own; only the deliveries' jobs count here. */
const deliveryJobs = () =>
  context.database.db.select().from(jobs).where(eq(jobs.kind, WEBHOOK_DELIVERY_JOB));

/** One writer, as on PGlite, so a delivery submitted while a batch is written waits for the next. */
const newBatcher = (acksFirst?: AcksFirst) =>
  new DeliveryBatcher({
    db: context.database.db,
    writers: 1,
    queue: context.queue,
    forges: defaultForges(testConfig({}).github),
    encryptionKey: testConfig({}).encryptionKey,
    ...(acksFirst ? { acksFirst } : {}),
  });

/** What the receiver hands the batcher once headers and body are well formed. */
function checked(sent: ReturnType<typeof delivery>, signature?: string): CheckedDelivery {
  const payload = JSON.parse(sent.body) as Record<string, unknown>;
  return {
    deliveryId: sent.deliveryId,
    event: sent.event,
    body: Buffer.from(sent.body),
    signature: parseSignature(signature ?? signBody(sent.body, sent.secret!))!,
    payload,
    repository: repositoryRef(payload)!,
  };
}

it('answers each delivery of one batch on its own and records the good ones with one job', async () => {
  await projectWithHook();
  const batcher = newBatcher();
  const api = { owner: 'ayse', repo: 'api' };
  const first = delivery('pull_request', examplePayload('pull_request', api, 'opened'), SECRET);
  const second = delivery('push', examplePayload('push', api), SECRET);
  const forged = delivery('ping', examplePayload('ping', api), SECRET);
  const unknown = delivery('ping', examplePayload('ping', { owner: 'ayse', repo: 'nope' }), SECRET);
  // Submitted in one turn of the event loop: one batch.
  const answers = await Promise.all([
    batcher.submit(checked(first)),
    batcher.submit(checked(first)),
    batcher.submit(checked(forged, signBody(forged.body, 'not-the-secret'))),
    batcher.submit(checked(unknown)),
    batcher.submit(checked(second)),
  ]);
  expect(answers).toEqual([
    { accepted: { deliveryId: first.deliveryId, duplicate: false } },
    { accepted: { deliveryId: first.deliveryId, duplicate: true } },
    { refused: 'bad-signature' },
    { refused: 'unknown-repository' },
    { accepted: { deliveryId: second.deliveryId, duplicate: false } },
  ]);
  const rows = await context.database.db.select().from(webhookDeliveries);
  expect(rows.map((row) => row.deliveryId).sort()).toEqual(
    [first.deliveryId, second.deliveryId].sort(),
  );
  const written = await deliveryJobs();
  expect(written).toHaveLength(1);
  expect((written[0]!.payload as { deliveryRowIds: string[] }).deliveryRowIds.sort()).toEqual(
    rows.map((row) => row.id).sort(),
  );

  // A replay in a later batch is acknowledged, records nothing and writes no job.
  const replay = await batcher.submit(checked(second));
  expect(replay).toEqual({ accepted: { deliveryId: second.deliveryId, duplicate: true } });
  expect(await context.database.db.select().from(webhookDeliveries)).toHaveLength(2);
  expect(await deliveryJobs()).toHaveLength(1);
});

it('writes nothing when no delivery of the batch is good', async () => {
  await projectWithHook();
  const batcher = newBatcher();
  const ping = delivery('ping', examplePayload('ping', { owner: 'ayse', repo: 'api' }), SECRET);
  const answers = await Promise.all([
    batcher.submit(checked(ping, signBody(ping.body, 'wrong'))),
    batcher.submit(checked(ping, signBody(ping.body, 'also wrong'))),
  ]);
  expect(answers).toEqual([{ refused: 'bad-signature' }, { refused: 'bad-signature' }]);
  expect(await context.database.db.select().from(webhookDeliveries)).toEqual([]);
  expect(await deliveryJobs()).toEqual([]);
});

it('gives processing its turn once the deliveries waiting then are answered, not later ones', async () => {
  await projectWithHook();
  const acksFirst = new AcksFirst();
  const batcher = newBatcher(acksFirst);
  expect(acksFirst.turn()).toBeUndefined();
  const api = { owner: 'ayse', repo: 'api' };
  const order: string[] = [];
  const first = batcher
    .submit(checked(delivery('ping', examplePayload('ping', api), SECRET)))
    .then(() => order.push('first answered'));
  const turn = acksFirst.turn();
  expect(turn).toBeDefined();
  const turnTaken = turn!.then(() => order.push('turn'));
  // The first batch is being written; this one waits for the next and must not hold the turn.
  await new Promise((resolve) => setImmediate(resolve));
  const second = batcher
    .submit(checked(delivery('ping', examplePayload('ping', api), SECRET)))
    .then(() => order.push('second answered'));
  await Promise.all([first, turnTaken, second]);
  expect(order).toEqual(['first answered', 'turn', 'second answered']);
  expect(acksFirst.turn()).toBeUndefined();
});
