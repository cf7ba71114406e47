import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/test-app.js';
import { examplePayload } from '../../testing/webhook-deliveries.js';
import { testConfig } from '../../testing/test-config.js';
import { defaultForges } from '../forges/index.js';
import { AcksFirst } from './acks-first.js';
import {
  WEBHOOK_DELIVERY_JOB,
  createWebhookDeliveryHandler,
  deliveriesJob,
} from './delivery-job.js';
import { recordDeliveries } from './queries.js';

/**
 * The delivery job on its own: a batch skips what is already processed or gone and processes the
 * rest once; a job queued by the previous version (one `deliveryRowId`) is still processed; it
 * waits while the receiver owes deliveries their 202.
 */
const context = useTestApp({ hostPolicy: { resolver: async () => ['140.82.112.3'] } });

async function recordPings(count: number) {
  const ids = await recordDeliveries(
    context.database.db,
    Array.from({ length: count }, () => ({
      forge: 'github',
      deliveryId: randomUUID(),
      event: 'ping',
      repository: 'ayse/api',
      payload: examplePayload('ping', { owner: 'ayse', repo: 'api' }),
    })),
  );
  return [...ids.values()];
}

const statusOf = async (id: string) =>
  (
    await context.database.db
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id))
  )[0]?.status;

it('processes a batch once, skipping deliveries already processed or gone', async () => {
  const [done, fresh] = await recordPings(2);
  await context.database.db
    .update(webhookDeliveries)
    .set({ status: 'processed' })
    .where(eq(webhookDeliveries.id, done!));
  const request = deliveriesJob([done!, fresh!, randomUUID()]);
  const job = await context.queue.enqueue(request.kind, request.payload, request.options);
  const finished = await context.queue.waitFor(job.id, 20_000);
  expect(finished).toMatchObject({
    status: 'succeeded',
    result: { processed: 1, skipped: 2, events: { ping: 1 } },
  });
  expect(await statusOf(fresh!)).toBe('processed');
});

it('processes a job queued by the previous version, which named one delivery', async () => {
  const [id] = await recordPings(1);
  const job = await context.queue.enqueue(WEBHOOK_DELIVERY_JOB, { deliveryRowId: id });
  expect((await context.queue.waitFor(job.id, 20_000))?.status).toBe('succeeded');
  expect(await statusOf(id!)).toBe('processed');
});

it('refuses a job that names no delivery, without retrying it', async () => {
  const job = await context.queue.enqueue(WEBHOOK_DELIVERY_JOB, { deliveryRowIds: [1] });
  const finished = await context.queue.waitFor(job.id, 20_000);
  expect(finished).toMatchObject({ status: 'failed', attempts: 1, error: { code: 'BAD_PAYLOAD' } });
});

it('processes nothing while the receiver owes acknowledgements, then goes on', async () => {
  const [id] = await recordPings(1);
  const acksFirst = new AcksFirst();
  let answerAll = () => {};
  const answered = new Promise<void>((resolve) => (answerAll = resolve));
  let owed = true;
  acksFirst.watch(() => (owed ? answered : null));
  const handler = createWebhookDeliveryHandler({
    db: context.database.db,
    events: context.events,
    forges: defaultForges(testConfig({}).github),
    acksFirst,
  });
  const running = handler(
    { deliveryRowIds: [id] },
    { jobId: 'test', attempt: 1, signal: new AbortController().signal, progress: async () => {} },
  );
  // Long enough for the job's read and a ping's processing, had it not waited.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await statusOf(id!)).toBe('received');
  owed = false;
  answerAll();
  expect(await running).toMatchObject({ processed: 1 });
  expect(await statusOf(id!)).toBe('processed');
});
