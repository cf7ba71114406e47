import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ChatMessages, type ChatDestination } from '@rota/contracts';
import { chatDestinations, projectRepos, reviews } from '../../db/schema/index.js';
import { decryptSecret } from '../../lib/crypto.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { ChatReceiver } from '../../testing/chat-receiver.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import { testConfig } from '../../testing/test-config.js';
import type { AgreementBreach } from '../events/index.js';
import { ChatSendError, ChatService, type ChatPayload } from './service.js';

// The queue runs: chat messages are queued in the outbox and posted by its drain job.
const ctx = useTestApp({
  config: { allowPrivateHosts: true, publicUrl: 'https://rota.example' },
});
const receiver = new ChatReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());
beforeEach(() => receiver.reset());

/** The transport as the outbox calls it, on the test app's database. */
const transport = (permanentError?: (message: string) => Error) =>
  new ChatService({
    db: ctx.database.db,
    encryptionKey: testConfig().encryptionKey,
    hostPolicy: { allowPrivateHosts: true },
    publicUrl: 'https://rota.example',
    enqueue: async () => true,
    timeoutMs: 2000,
    ...(permanentError ? { permanentError } : {}),
  });

const SECRET_PATH = '/services/T000/B000/XyZsecretPart1234';

async function ownerWithProject(language?: 'en' | 'tr') {
  const owner = await registerUser(ctx.app);
  if (language)
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      headers: bearer(owner.token),
      payload: { preferences: { language } },
    });
  const project = await createProject(ctx.app, owner.token, { name: 'Kasa' });
  return { owner, project };
}

async function addDestination(
  token: string,
  projectId: string,
  body: Partial<{ name: string; format: string; webhookUrl: string; topics: string[] }> = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/chat-destinations`,
    headers: bearer(token),
    payload: {
      name: 'Ekip kanalı',
      format: 'slack',
      webhookUrl: `${receiver.url}${SECRET_PATH}`,
      topics: ['agreementBroken', 'changesRequested', 'workFailed', 'digest'],
      ...body,
    },
  });
}

const sendTest = (token: string, projectId: string, destId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/chat-destinations/${destId}/test`,
    headers: bearer(token),
  });

/** Slack's documented incoming-webhook shape: text fallback; header, section blocks with limits. */
const SlackBody = z.strictObject({
  text: z.string().min(1).max(3000),
  blocks: z
    .array(
      z.discriminatedUnion('type', [
        z.strictObject({
          type: z.literal('header'),
          text: z.strictObject({
            type: z.literal('plain_text'),
            text: z.string().min(1).max(150),
            emoji: z.boolean().optional(),
          }),
        }),
        z.strictObject({
          type: z.literal('section'),
          text: z.strictObject({ type: z.literal('mrkdwn'), text: z.string().min(1).max(3000) }),
        }),
      ]),
    )
    .min(1)
    .max(50),
});

/** Teams Workflows webhook: a message with one Adaptive Card attachment. */
const TeamsBody = z.strictObject({
  type: z.literal('message'),
  attachments: z
    .array(
      z.strictObject({
        contentType: z.literal('application/vnd.microsoft.card.adaptive'),
        contentUrl: z.null(),
        content: z.strictObject({
          $schema: z.literal('http://adaptivecards.io/schemas/adaptive-card.json'),
          type: z.literal('AdaptiveCard'),
          version: z.string().regex(/^1\.\d$/),
          body: z
            .array(
              z.object({
                type: z.literal('TextBlock'),
                text: z.string().min(1),
                wrap: z.literal(true),
              }),
            )
            .min(1),
          actions: z
            .array(
              z.strictObject({
                type: z.literal('Action.OpenUrl'),
                title: z.string().min(1),
                url: z.url(),
              }),
            )
            .optional(),
        }),
      }),
    )
    .length(1),
});

const MattermostBody = z.strictObject({ text: z.string().min(1), username: z.literal('Rota') });

describe('chat destinations', () => {
  it('stores the URL encrypted and answers it masked, never whole', async () => {
    const { owner, project } = await ownerWithProject();
    const created = await addDestination(owner.token, project.id, {
      topics: ['digest', 'workFailed'],
    });
    expect(created.statusCode).toBe(201);
    const destination = created.json().data as ChatDestination;
    expect(destination).toMatchObject({
      name: 'Ekip kanalı',
      format: 'slack',
      topics: ['workFailed', 'digest'],
      urlMasked: `${receiver.url}/…1234`,
    });
    expect(created.body).not.toContain('XyZsecretPart');

    const [row] = await ctx.database.db
      .select()
      .from(chatDestinations)
      .where(eq(chatDestinations.id, destination.id));
    expect(row!.urlEnc).toMatch(/^v1\./);
    expect(row!.urlEnc).not.toContain('secret');
    expect(row!.urlHint).not.toContain('XyZsecretPart');
    expect(decryptSecret(row!.urlEnc, testConfig().encryptionKey)).toBe(
      `${receiver.url}${SECRET_PATH}`,
    );

    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/chat-destinations`,
      headers: bearer(owner.token),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([destination]);
    expect(listed.body).not.toContain('XyZsecretPart');
  });

  it('edits what is given and keeps the URL when none is, then deletes', async () => {
    const { owner, project } = await ownerWithProject();
    const destination = (await addDestination(owner.token, project.id)).json()
      .data as ChatDestination;
    const url = `/api/projects/${project.id}/chat-destinations/${destination.id}`;
    const edited = await ctx.app.inject({
      method: 'PUT',
      url,
      headers: bearer(owner.token),
      payload: { name: 'Sürüm kanalı', format: 'mattermost', topics: ['digest'] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Sürüm kanalı',
      format: 'mattermost',
      topics: ['digest'],
      urlMasked: destination.urlMasked,
    });
    expect((await sendTest(owner.token, project.id, destination.id)).json().data.accepted).toBe(
      true,
    );
    expect(receiver.posts[0]!.path).toBe(SECRET_PATH);

    const deleted = await ctx.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) });
    expect(deleted.json()).toEqual({ success: true, data: { id: destination.id, deleted: true } });
    const again = await ctx.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(ChatMessages.destinationNotFound);
  });

  it("answers another user's project and destination as missing, and refuses bad input with 400", async () => {
    const { owner, project } = await ownerWithProject();
    const destination = (await addDestination(owner.token, project.id)).json()
      .data as ChatDestination;
    const stranger = await registerUser(ctx.app);
    const base = `/api/projects/${project.id}/chat-destinations`;
    for (const request of [
      { method: 'GET' as const, url: base },
      { method: 'POST' as const, url: `${base}/${destination.id}/test` },
      { method: 'DELETE' as const, url: `${base}/${destination.id}` },
    ]) {
      const answer = await ctx.app.inject({ ...request, headers: bearer(stranger.token) });
      expect(answer.statusCode).toBe(404);
    }
    expect((await addDestination(stranger.token, project.id)).statusCode).toBe(404);
    expect(receiver.posts).toHaveLength(0);

    const badFormat = await addDestination(owner.token, project.id, { format: 'irc' });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().error.errors[0].message).toBe(ChatMessages.invalidFormat);
    const badTopic = await addDestination(owner.token, project.id, { topics: ['prMerged'] });
    expect(badTopic.statusCode).toBe(400);
    const badUrl = await addDestination(owner.token, project.id, {
      webhookUrl: 'ftp://chat.example/x',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().error.errors).toEqual([
      { path: 'webhookUrl', message: ChatMessages.invalidUrl },
    ]);
    const withCredentials = await addDestination(owner.token, project.id, {
      webhookUrl: 'https://me:pw@chat.example/x',
    });
    expect(withCredentials.json().error.errors[0].message).toBe(ChatMessages.credentialsInUrl);
    const list = await ctx.app.inject({ method: 'GET', url: base, headers: bearer(owner.token) });
    expect(list.json().data).toHaveLength(1);
  });
});

describe('the test message', () => {
  it('posts a Slack body with blocks and a text fallback, in Turkish by default', async () => {
    const { owner, project } = await ownerWithProject();
    const destination = (await addDestination(owner.token, project.id)).json()
      .data as ChatDestination;
    const answer = await sendTest(owner.token, project.id, destination.id);
    expect(answer.json().data).toEqual({
      accepted: true,
      outcome: 'accepted',
      status: 200,
      detail: null,
    });
    const [post] = receiver.posts;
    expect(post!.headers['content-type']).toMatch(/^application\/json/);
    const body = SlackBody.parse(post!.body);
    expect(body.text).toBe('Rota test mesajı');
    expect(body.blocks[1]).toEqual({
      type: 'section',
      text: { type: 'mrkdwn', text: '"Kasa" projesinin sohbet bildirimleri bu kanala gelecek.' },
    });
    expect(body.blocks[2]!.text.text).toBe(
      `<https://rota.example/projects/${project.id}|Rota'da aç>`,
    );
  });

  it('posts a Teams Adaptive Card, in the owner’s English', async () => {
    const { owner, project } = await ownerWithProject('en');
    const destination = (await addDestination(owner.token, project.id, { format: 'teams' })).json()
      .data as ChatDestination;
    receiver.answer({ status: 202, body: '' });
    expect((await sendTest(owner.token, project.id, destination.id)).json().data.outcome).toBe(
      'accepted',
    );
    const body = TeamsBody.parse(receiver.posts[0]!.body);
    const card = body.attachments[0]!.content;
    expect(card.body.map((block) => block.text)).toEqual([
      'Rota test message',
      'Chat notifications of the project "Kasa" will come to this channel.',
    ]);
    expect(card.actions).toEqual([
      {
        type: 'Action.OpenUrl',
        title: 'Open in Rota',
        url: `https://rota.example/projects/${project.id}`,
      },
    ]);
  });

  it('posts Mattermost {text, username}', async () => {
    const { owner, project } = await ownerWithProject();
    const destination = (
      await addDestination(owner.token, project.id, { format: 'mattermost' })
    ).json().data as ChatDestination;
    await sendTest(owner.token, project.id, destination.id);
    expect(MattermostBody.parse(receiver.posts[0]!.body)).toEqual({
      text: [
        '**Rota test mesajı**',
        '"Kasa" projesinin sohbet bildirimleri bu kanala gelecek.',
        `[Rota'da aç](https://rota.example/projects/${project.id})`,
      ].join('\n'),
      username: 'Rota',
    });
  });

  it('says what the receiver answered when it refused, failed or never answered', async () => {
    const { owner, project } = await ownerWithProject();
    const destination = (await addDestination(owner.token, project.id)).json()
      .data as ChatDestination;
    receiver.answer({ status: 404, body: 'no_service' });
    expect((await sendTest(owner.token, project.id, destination.id)).json().data).toEqual({
      accepted: false,
      outcome: 'rejected',
      status: 404,
      detail: 'no_service',
    });
    receiver.answer({ status: 503, body: '' });
    expect((await sendTest(owner.token, project.id, destination.id)).json().data).toMatchObject({
      accepted: false,
      outcome: 'unavailable',
      status: 503,
    });

    const closed = await addDestination(owner.token, project.id, {
      webhookUrl: 'http://127.0.0.1:9/hook',
    });
    const unreachable = await sendTest(owner.token, project.id, closed.json().data.id);
    expect(unreachable.statusCode).toBe(200);
    expect(unreachable.json().data).toMatchObject({
      accepted: false,
      outcome: 'unreachable',
      status: null,
    });
    expect(unreachable.json().data.detail).toMatch(/ECONNREFUSED/);
  });
});

describe('the transport', () => {
  async function queued(format = 'slack'): Promise<ChatPayload> {
    const { owner, project } = await ownerWithProject();
    const destination = (await addDestination(owner.token, project.id, { format })).json().data;
    return {
      destinationId: destination.id,
      message: { title: 'Başlık', lines: ['a < b & c'], link: null, linkLabel: "Rota'da aç" },
    };
  }

  it('throws to be tried again on 500, honours Retry-After on 429, and returns once taken', async () => {
    const payload = await queued();
    receiver.answer(
      { status: 500, body: 'boom' },
      { status: 429, headers: { 'retry-after': '7' } },
      { status: 200 },
    );
    const send = transport();
    const first = await send.sendChatPayload(payload).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(ChatSendError);
    expect(first).toMatchObject({ permanent: false, retryAfterMs: null });
    expect((first as Error).message).toContain('500: boom');
    const second = await send.sendChatPayload(payload).catch((error: unknown) => error);
    expect(second).toMatchObject({ permanent: false, retryAfterMs: 7000 });
    await expect(send.sendChatPayload(payload)).resolves.toBeUndefined();
    expect(receiver.posts).toHaveLength(3);
    expect(SlackBody.parse(receiver.posts[2]!.body).blocks[1]!.text.text).toBe('a &lt; b &amp; c');
  });

  it('throws the permanent error on 400, and the outbox’s own when given', async () => {
    const payload = await queued();
    receiver.answer({ status: 400, body: 'invalid_payload' });
    await expect(transport().sendChatPayload(payload)).rejects.toMatchObject({
      permanent: true,
      message: 'the receiver refused the message (400: invalid_payload)',
    });
    class PermanentSendError extends Error {}
    await expect(
      transport((message) => new PermanentSendError(message)).sendChatPayload(payload),
    ).rejects.toBeInstanceOf(PermanentSendError);
  });

  it('does nothing for a destination that was deleted', async () => {
    const payload = await queued();
    await ctx.database.db.delete(chatDestinations);
    await expect(transport().sendChatPayload(payload)).resolves.toBeUndefined();
    expect(receiver.posts).toHaveLength(0);
  });
});

describe('what destinations are told', () => {
  const breach = (projectId: string): AgreementBreach => ({
    breachId: 'b1',
    projectId,
    agreementId: 'a1',
    agreement: { kind: 'firstReviewWithin', threshold: 24 },
    pullRequest: {
      repoKey: 'acme/kasa',
      repository: 'acme/kasa',
      number: 42,
      title: 'Sepet toplamını düzelt',
      url: 'https://github.com/acme/kasa/pull/42',
      authorLogin: 'bora',
      reviewers: ['ayse', 'can'],
    },
    breachedAt: new Date(),
  });

  it('a broken agreement, to the destinations that chose it', async () => {
    const { owner, project } = await ownerWithProject();
    await addDestination(owner.token, project.id, { name: 'yes', topics: ['agreementBroken'] });
    await addDestination(owner.token, project.id, { name: 'no', topics: ['digest'] });
    await ctx.events.emit('agreement.breached', breach(project.id));
    // Queued in the outbox, posted by its drain.
    await vi.waitFor(() => expect(receiver.posts).toHaveLength(1), { timeout: 10_000 });
    const body = SlackBody.parse(receiver.posts[0]!.body);
    expect(body.text).toBe('Çalışma anlaşması bozuldu: acme/kasa#42');
    expect(body.blocks[1]!.text.text.split('\n')).toEqual([
      'Sepet toplamını düzelt',
      'Anlaşma: İlk inceleme 24 çalışma saati içinde',
      'Proje: Kasa',
      'Yazar: bora',
      'İnceleme bekleyenler: ayse, can',
      'https://github.com/acme/kasa/pull/42',
    ]);
  });

  it('a review of Rota’s that ended asking for changes, and no other review', async () => {
    const { owner, project } = await ownerWithProject('en');
    await ctx.database.db.insert(projectRepos).values({
      projectId: project.id,
      name: 'kasa',
      owner: 'Acme',
      repo: 'Kasa',
      repoKey: 'github.com/acme/kasa',
      url: 'https://github.com/Acme/Kasa',
      provider: 'github',
    });
    await addDestination(owner.token, project.id, {
      format: 'mattermost',
      topics: ['changesRequested'],
    });
    const review = (status: 'approved' | 'changes_requested') => ({
      repoKey: 'acme/kasa',
      number: 7,
      headSha: status,
      configKey: 'k',
      status,
      outcome: 'reviewed' as const,
      trigger: 'manual' as const,
      findings: [],
    });
    const [approved] = await ctx.database.db.insert(reviews).values(review('approved')).returning();
    await ctx.events.emit('review.stored', {
      forge: 'github',
      repoKey: 'acme/kasa',
      reviewId: approved!.id,
    });
    expect(receiver.posts).toHaveLength(0);
    const [changes] = await ctx.database.db
      .insert(reviews)
      .values(review('changes_requested'))
      .returning();
    await ctx.events.emit('review.stored', {
      forge: 'github',
      repoKey: 'acme/kasa',
      reviewId: changes!.id,
    });
    await vi.waitFor(() => expect(receiver.posts).toHaveLength(1), { timeout: 10_000 });
    expect(MattermostBody.parse(receiver.posts[0]!.body).text).toBe(
      [
        "**Rota's review requested changes: acme/kasa#7**",
        '0 findings',
        'Project: Kasa',
        `[Open in Rota](https://rota.example/projects/${project.id}?tab=reviews&review=${changes!.id})`,
      ].join('\n'),
    );
  });

  it('failed work, to every project holding the repository when none is named', async () => {
    const { owner, project } = await ownerWithProject();
    await ctx.database.db.insert(projectRepos).values({
      projectId: project.id,
      name: 'kasa',
      owner: 'acme',
      repo: 'kasa',
      repoKey: 'github.com/acme/kasa',
      url: 'https://github.com/acme/kasa',
      provider: 'github',
    });
    await addDestination(owner.token, project.id, { topics: ['workFailed'] });
    await ctx.events.emit('work.failed', {
      work: 'fetch',
      repository: { url: 'https://github.com/acme/kasa', owner: 'acme', repo: 'kasa' },
      projectIds: [],
      code: 'REPO_NOT_FOUND',
      message: 'not found',
      jobId: null,
    });
    await vi.waitFor(() => expect(receiver.posts).toHaveLength(1), { timeout: 10_000 });
    expect(SlackBody.parse(receiver.posts[0]!.body).text).toBe('Depo getirme başarısız: acme/kasa');
  });

  it('the digest, through postDigest', async () => {
    const { owner, project } = await ownerWithProject();
    await addDestination(owner.token, project.id, { format: 'teams', topics: ['digest'] });
    const sent: unknown[] = [];
    const chat = new ChatService({
      db: ctx.database.db,
      encryptionKey: testConfig().encryptionKey,
      hostPolicy: { allowPrivateHosts: true },
      publicUrl: 'https://rota.example',
      enqueue: async (item) => {
        sent.push(item);
        return true;
      },
    });
    const digest = {
      title: 'Haftalık özet',
      lines: ['3 çekme isteği'],
      link: 'https://rota.example/',
    };
    await chat.postDigest(project.id, digest);
    expect(sent).toEqual([
      {
        dedupeKey: expect.stringMatching(/^chat:[0-9a-f-]{36}:digest:[0-9a-f]{24}$/),
        payload: {
          destinationId: expect.any(String),
          message: { ...digest, linkLabel: "Rota'da aç" },
        },
      },
    ]);
  });
});

describe('a URL that can no longer be decrypted (ENCRYPTION_KEY changed)', () => {
  it('is a 400 for the test message and a permanent failure for the transport, never a 5xx', async () => {
    const { owner, project } = await ownerWithProject();
    const destination = (await addDestination(owner.token, project.id)).json()
      .data as ChatDestination;
    await ctx.database.db
      .update(chatDestinations)
      .set({ urlEnc: 'v1.AAAA.BBBB.CCCC' })
      .where(eq(chatDestinations.id, destination.id));
    const answer = await sendTest(owner.token, project.id, destination.id);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.errors).toEqual([
      { path: 'webhookUrl', message: ChatMessages.unreadable },
    ]);
    await expect(
      transport().sendChatPayload({
        destinationId: destination.id,
        message: { title: 't', lines: [], link: null, linkLabel: 'Open in Rota' },
      }),
    ).rejects.toMatchObject({ permanent: true, message: ChatMessages.unreadable });
    expect(receiver.posts).toHaveLength(0);
  });
});
