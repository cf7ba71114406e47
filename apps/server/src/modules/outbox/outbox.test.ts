import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema/index.js';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.js';
import { EventBus } from '../events/index.js';
import { createEmailTransport } from './email-transport.js';
import { mailNotifications } from './notification-mail.js';
import { UnsubscribeLinks } from './unsubscribe.js';
import { Outbox, type OutboxItem } from './service.js';

let database: TestDatabase;
let smtp: SmtpTestServer;
beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await smtp.close();
  await database.destroy();
});
beforeEach(async () => {
  await database.reset();
  smtp.received.length = 0;
  smtp.answer = () => null;
});

const FROM = 'Rota <rota@rota.test>';
const mail = (n: number, extra: Record<string, unknown> = {}): OutboxItem => ({
  channel: 'email',
  dedupeKey: `email:test:${n}`,
  payload: {
    to: `reader${n}@example.com`,
    subject: `Message ${n}`,
    html: `<p>Body ${n}</p>`,
    text: `Body ${n}`,
    ...extra,
  },
});

function outbox(options: Partial<ConstructorParameters<typeof Outbox>[0]> = {}) {
  return new Outbox({
    db: database.db,
    transports: { email: createEmailTransport({ smtpUrl: smtp.url, from: FROM }) },
    retryBaseMs: 20,
    retryMaxMs: 40,
    ...options,
  });
}

const rows = () => database.db.select().from(outboxMessages).orderBy(outboxMessages.dedupeKey);

/** Drains until nothing is pending or sending (retries included), or fails after `timeoutMs`. */
async function drainAll(box: Outbox, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    await box.drain({ budgetMs: 2000 });
    const waiting = (await rows()).filter(
      (row) => row.status === 'pending' || row.status === 'sending',
    );
    if (waiting.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the outbox did not drain');
}

describe('the outbox', () => {
  let wakes = 0;
  afterEach(() => {
    wakes = 0;
  });

  it('queues one message per dedupe key and wakes the drain only for a new one', async () => {
    const box = outbox({ wake: async () => void (wakes += 1) });
    expect(await box.enqueue(mail(1))).toBe(true);
    expect(await box.enqueue(mail(1, { subject: 'the same event again' }))).toBe(false);
    expect(wakes).toBe(1);
    const [row] = await rows();
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 0,
      payload: { subject: 'Message 1' },
    });
    expect(await rows()).toHaveLength(1);
  });

  it('commits with the caller’s transaction and is gone when it rolls back', async () => {
    const box = outbox();
    await database.db
      .transaction(async (tx) => {
        await box.enqueue(mail(2), tx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await rows()).toHaveLength(0);
  });

  it('sends over SMTP with the payload’s Message-ID and the unsubscribe headers, then marks it sent', async () => {
    const box = outbox();
    await box.enqueue(
      mail(3, {
        messageId: '<fixed-id@rota.test>',
        unsubscribeUrl: 'http://rota.test/api/notifications/unsubscribe?token=x',
      }),
    );
    expect(await box.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received).toMatchObject({ messageId: '<fixed-id@rota.test>', subject: 'Message 3' });
    expect(received!.headers['list-unsubscribe']).toBe(
      '<http://rota.test/api/notifications/unsubscribe?token=x>',
    );
    expect(received!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(received!.headers.from).toBe(FROM);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lockedUntil: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('backs off when the server answers 4xx and sends once it accepts', async () => {
    let answered = 0;
    smtp.answer = () => (answered++ < 2 ? { code: 451, message: 'try again later' } : null);
    const box = outbox({ retryBaseMs: 300, retryMaxMs: 600 });
    await box.enqueue(mail(4));
    const first = await box.drain();
    expect(first).toEqual({ sent: 0, retried: 1, failed: 0 });
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting!.lastError).toMatch(/451/);
    // The next attempt waits for its backoff (300 ms ± 20%), not a moment less.
    expect(waiting!.nextAttemptAt.getTime() - waiting!.updatedAt.getTime()).toBeGreaterThanOrEqual(
      200,
    );
    await drainAll(box);
    const [sent] = await rows();
    expect(sent).toMatchObject({ status: 'sent', attempts: 3 });
    expect(smtp.received).toHaveLength(1);
  });

  it('fails a message at once when the server refuses it with 5xx', async () => {
    smtp.answer = () => ({ code: 550, message: 'mailbox unavailable' });
    const box = outbox();
    await box.enqueue(mail(5));
    expect(await box.drain()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toMatch(/550/);
  });

  it('fails a message after its last attempt when the server keeps answering 4xx', async () => {
    smtp.answer = () => ({ code: 421, message: 'service not available' });
    const box = outbox({ maxAttempts: 3 });
    await box.enqueue(mail(6));
    await drainAll(box);
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(row!.lastError).toMatch(/421/);
    expect(smtp.received).toHaveLength(0);
  });

  it('sends again a message whose sender died holding it, once the lease has passed', async () => {
    const box = outbox({ leaseMs: 200 });
    await box.enqueue(mail(7));
    // A sender that took the message and died: status sending, lease running.
    await database.db.execute(
      sql`update outbox_messages set status = 'sending', attempts = 1, locked_until = now() + interval '200 milliseconds'`,
    );
    expect(await box.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await box.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await rows()).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('fails a message whose sender stopped on its last attempt instead of taking it forever', async () => {
    const box = outbox({ maxAttempts: 2 });
    await box.enqueue(mail(9));
    await database.db.execute(
      sql`update outbox_messages set status = 'sending', attempts = 2, locked_until = now() - interval '1 second'`,
    );
    expect(await box.drain()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row!.lastError).toMatch(/lease ran out/);
    expect(smtp.received).toHaveLength(0);
  });

  it('keeps a channel without a transport pending and says why', async () => {
    const box = outbox();
    await box.enqueue({
      channel: 'chat',
      dedupeKey: 'chat:test:1',
      payload: { url: 'https://hooks.example.com/x' },
    });
    await box.drain();
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row!.lastError).toMatch(/no transport/);
    const overview = await box.overview();
    expect(overview.channels).toEqual([
      { channel: 'email', configured: true, pending: 0, sending: 0, sent: 0, failed: 0 },
      { channel: 'chat', configured: false, pending: 1, sending: 0, sent: 0, failed: 0 },
    ]);
    expect(overview.oldestWaitingAt).not.toBeNull();
  });

  it('shows administrators the failures with the recipient masked and never the body', async () => {
    smtp.answer = () => ({ code: 554, message: 'transaction failed' });
    const box = outbox();
    await box.enqueue(mail(8, { html: '<p>secret body</p>', text: 'secret body' }));
    await box.drain();
    const overview = await box.overview();
    expect(overview.latestFailed).toEqual([
      expect.objectContaining({ channel: 'email', recipient: 'r***@example.com', attempts: 1 }),
    ]);
    expect(overview.latestFailed[0]!.lastError).toMatch(/554/);
    expect(JSON.stringify(overview)).not.toMatch(/secret body|reader8/);
    expect(overview.channels[0]).toMatchObject({ channel: 'email', failed: 1 });
  });

  it('refuses a payload that is no e-mail without retrying it', async () => {
    const box = outbox();
    await box.enqueue({
      channel: 'email',
      dedupeKey: 'email:test:bad',
      payload: { to: 'x@example.com' },
    });
    expect(await box.drain()).toEqual({ sent: 0, retried: 0, failed: 1 });
  });

  it('queues no e-mail at all without SMTP', async () => {
    const events = new EventBus((error) => {
      throw error;
    });
    const box = new Outbox({ db: database.db, transports: {} });
    let settingsRead = 0;
    mailNotifications({
      db: database.db,
      events,
      outbox: box,
      links: new UnsubscribeLinks('a secret long enough for the links', 'http://rota.test'),
      settings: {
        get: async () => {
          settingsRead += 1;
          throw new Error('not read without SMTP');
        },
      },
      publicUrl: 'http://rota.test',
      from: '',
    });
    await events.emit('notification.created', {
      userId: '00000000-0000-4000-8000-000000000001',
      notification: {
        id: '00000000-0000-4000-8000-000000000002',
        kind: 'prMerged',
        projectId: null,
        projectName: null,
        subject: { type: 'pullRequest', repository: 'acme/x', number: 1, title: 't', url: null },
        detail: {},
        link: '/',
        createdAt: new Date().toISOString(),
        readAt: null,
      },
    });
    expect(settingsRead).toBe(0);
    expect(await rows()).toHaveLength(0);
  });
});
