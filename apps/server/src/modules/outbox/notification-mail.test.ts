import { randomUUID } from 'node:crypto';
import type { Notification } from '@rota/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, outboxMessages } from '../../db/schema/index.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { startSmtpTestServer, type SmtpTestServer } from '../../testing/smtp-test-server.js';
import { useTestApp } from '../../testing/test-app.js';
import { testConfig } from '../../testing/test-config.js';
import { messageIdOf } from './mail-layout.js';
import { UnsubscribeLinks } from './unsubscribe.js';

const FROM = 'Rota <rota@rota.test>';
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await smtp.close();
});

const ctx = useTestApp({ config: () => ({ mail: { smtpUrl: smtp.url, from: FROM } }) });
const links = new UnsubscribeLinks(testConfig().jwtSecret, testConfig().publicUrl);

beforeEach(() => {
  smtp.received.length = 0;
});

function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: randomUUID(),
    kind: 'prReviewed',
    projectId: randomUUID(),
    projectName: 'Ödeme & <Faturalar>',
    subject: {
      type: 'pullRequest',
      repository: 'acme/payments',
      number: 12,
      title: '<script>alert("x")</script> & fix',
      url: 'https://github.com/acme/payments/pull/12',
    },
    detail: { verdict: 'changes_requested', actor: 'octocat' },
    link: '/projects/p1?tab=reviews',
    createdAt: '2026-03-01T10:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

async function userWith(settings: Record<string, unknown> = {}) {
  const user = await registerUser(ctx.app);
  if (Object.keys(settings).length > 0) {
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      headers: bearer(user.token),
      payload: settings,
    });
    expect(saved.statusCode).toBe(200);
  }
  return user;
}

async function settingsOf(token: string) {
  const response = await ctx.app.inject({
    url: '/api/user/settings',
    headers: bearer(token),
  });
  return response.json().data as { notifications: Record<string, unknown> };
}

async function mailFor(userId: string, created: Notification) {
  await ctx.events.emit('notification.created', { userId, notification: created });
  await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBeGreaterThan(0);
  return smtp.received[0]!;
}

describe('notification e-mails', () => {
  it('are written in Turkish by default, in the user’s time zone, with everything from GitHub escaped', async () => {
    const user = await userWith({ preferences: { timezone: 'Europe/Istanbul' } });
    const created = notification();
    const mail = await mailFor(user.user.id, created);
    expect(mail.to).toBe(user.user.email);
    expect(mail.headers.from).toBe(FROM);
    expect(mail.subject).toBe(
      '[Rota] Rota inceledi: acme/payments#12 “<script>alert("x")</script> & fix”',
    );
    expect(mail.messageId).toBe(messageIdOf(`email:notification:${created.id}`, FROM));
    expect(mail.html).toContain('lang="tr"');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; fix');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Proje: Ödeme &amp; &lt;Faturalar&gt;');
    expect(mail.html).toContain('href="http://localhost:3000/projects/p1?tab=reviews"');
    expect(mail.html).toContain('Rota’da aç');
    expect(mail.text).toContain('değişiklik istendi');
    // 10:00 UTC is 13:00 in Istanbul.
    expect(mail.text).toContain('Zaman: 1 Mart 2026 13:00 GMT+3');
    expect(mail.text).toContain('Rota’da aç: http://localhost:3000/projects/p1?tab=reviews');
    const unsubscribe = links.url(user.user.id, 'prReviewed');
    expect(mail.headers['list-unsubscribe']).toBe(`<${unsubscribe}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain(unsubscribe);
    expect(mail.text).toContain(`Bundan sonra inceleme e-postaları gönderilmesin: ${unsubscribe}`);
  });

  it('are written in English for a user who chose it, in UTC without a time zone', async () => {
    const user = await userWith({ preferences: { language: 'en' } });
    const mail = await mailFor(
      user.user.id,
      notification({
        kind: 'workFailed',
        subject: {
          type: 'repository',
          repository: 'acme/payments',
          number: null,
          title: null,
          url: null,
        },
        detail: { work: 'sync', failure: 'GITHUB_UNAVAILABLE' },
      }),
    );
    expect(mail.subject).toBe('[Rota] Pull request sync failed: acme/payments');
    expect(mail.html).toContain('lang="en"');
    expect(mail.text).toContain(
      'Pull request sync of acme/payments failed (error code: GITHUB_UNAVAILABLE).',
    );
    expect(mail.text).toMatch(/When: 1 March 2026,? (at )?10:00 UTC/);
    expect(mail.text).toContain('Stop sending me failed work e-mails:');
    expect(mail.html).toContain('Open in Rota');
  });

  it('are queued once per notification, and not at all when the user turned e-mail off', async () => {
    const user = await userWith();
    const created = notification();
    await ctx.events.emit('notification.created', { userId: user.user.id, notification: created });
    await ctx.events.emit('notification.created', { userId: user.user.id, notification: created });
    const quiet = await userWith({ notifications: { email: false } });
    await ctx.events.emit('notification.created', {
      userId: quiet.user.id,
      notification: notification(),
    });
    const rows = await ctx.database.db.select().from(outboxMessages);
    expect(rows.map((row) => row.dedupeKey)).toEqual([`email:notification:${created.id}`]);
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
  });
});

describe('unsubscribe links', () => {
  const path = (token: string) => `/api/notifications/unsubscribe?token=${token}`;

  it('show a bilingual confirmation page that changes nothing, then one-click POST turns the kind off', async () => {
    const user = await userWith();
    const mail = await mailFor(user.user.id, notification());
    const url = new URL(mail.headers['list-unsubscribe']!.slice(1, -1));
    const page = await ctx.app.inject({
      url: url.pathname + url.search,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Artık inceleme e-postaları almak istemiyor musunuz?');
    expect(page.body).toContain('Stop receiving review e-mails?');
    expect(page.body).toContain('<form method="post"');
    expect((await settingsOf(user.token)).notifications.prReviewed).toBe(true);

    // RFC 8058: the mail client posts the form without any Rota credentials.
    const posted = await ctx.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({
      success: true,
      data: { topic: 'prReviewed', unsubscribed: true },
    });
    const after = (await settingsOf(user.token)).notifications;
    expect(after).toMatchObject({ prReviewed: false, email: true, prAssigned: true });

    // The page's own button: a browser form post answers a page.
    const again = await ctx.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Done: you will no longer receive review e-mails.');
  });

  it('turn the digest off', async () => {
    const user = await userWith();
    const response = await ctx.app.inject({
      method: 'POST',
      url: path(links.token(user.user.id, 'digest')),
    });
    expect(response.statusCode).toBe(200);
    expect((await settingsOf(user.token)).notifications.digest).toBe('off');
  });

  it('answer 400 with a clear message and change nothing when the token is not valid', async () => {
    const user = await userWith();
    const good = links.token(user.user.id, 'prAssigned');
    const forged = [
      `${good.slice(0, -2)}xx`,
      good.replace('prAssigned', 'prMerged'),
      `${randomUUID()}.prAssigned.${good.split('.')[2]}`,
      'nonsense',
      '',
    ];
    for (const token of forged) {
      const response = await ctx.app.inject({ method: 'POST', url: path(token) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        error: { code: 'BAD_REQUEST', message: expect.stringMatching(/not valid/) },
      });
    }
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    const page = await ctx.app.inject({ url: path(forged[0]!), headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Bu abonelikten çıkma bağlantısı geçersiz.');
    expect(page.body).toContain('This unsubscribe link is not valid.');
    expect((await settingsOf(user.token)).notifications).toMatchObject({
      prAssigned: true,
      prMerged: false,
    });
  });
});

describe('GET /api/admin/outbox', () => {
  it('is for administrators only and shows counts without bodies', async () => {
    const administrator = await registerUser(ctx.app);
    const member = await registerUser(ctx.app);
    expect((await ctx.app.inject({ url: '/api/admin/outbox' })).statusCode).toBe(401);
    const refused = await ctx.app.inject({
      url: '/api/admin/outbox',
      headers: bearer(member.token),
    });
    expect(refused.statusCode).toBe(403);
    await mailFor(member.user.id, notification());
    await expect
      .poll(
        async () => {
          const answer = await ctx.app.inject({
            url: '/api/admin/outbox',
            headers: bearer(administrator.token),
          });
          return answer.json().data.channels[0];
        },
        { timeout: 10_000 },
      )
      .toEqual({ channel: 'email', configured: true, pending: 0, sending: 0, sent: 1, failed: 0 });
  });
});

describe('a notification whose e-mail was never queued', () => {
  it('gets it from the minute’s drain, once, however often the drain runs', async () => {
    const user = await userWith();
    // Stored as a process that died right after its commit leaves it: no event, no e-mail queued.
    const [row] = await ctx.database.db
      .insert(notifications)
      .values({
        userId: user.user.id,
        kind: 'prMerged',
        eventKey: 'merged:acme/payments#12',
        subject: notification().subject,
        detail: { actor: 'octocat' },
        link: '/projects',
        createdAt: new Date(Date.now() - 5 * 60_000),
      })
      .returning();
    // A fresh one is left to the live process still queueing it.
    await ctx.database.db.insert(notifications).values({
      userId: user.user.id,
      kind: 'prMerged',
      eventKey: 'merged:acme/payments#13',
      subject: notification().subject,
      detail: {},
      link: '/projects',
    });
    const drain = async (slot: number) => {
      const job = await ctx.queue.enqueue(
        'outbox-send',
        { slot },
        { dedupeKey: `catch-up:${slot}` },
      );
      return (await ctx.queue.waitFor(job.id, 10_000))?.result as {
        caughtUp: number;
        sent: number;
      };
    };
    expect(await drain(1)).toMatchObject({ caughtUp: 1, sent: 1 });
    expect(await drain(2)).toMatchObject({ caughtUp: 0, sent: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.messageId).toBe(messageIdOf(`email:notification:${row!.id}`, FROM));
  });
});
