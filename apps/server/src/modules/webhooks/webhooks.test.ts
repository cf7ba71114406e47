import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@rota/contracts';
import { projectRepos, repoMirrors, webhookDeliveries } from '../../db/schema/index.js';
import { decryptSecret } from '../../lib/crypto.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { startGitHubDouble, type GitHubDouble } from '../../testing/github-double/index.js';
import { useTestApp } from '../../testing/test-app.js';
import { delivery, examplePayload, send } from '../../testing/webhook-deliveries.js';
import type { ForgeEventName } from '../events/index.js';
import { signBody } from './signature.js';

/**
 * Webhooks: installing and removing hooks against the GitHub double, and deliveries
 * of GitHub's own example payloads, signed here, through `POST /webhook/github`.
 */
const TOKEN = 'gho_ayse';
const PUBLIC_URL = 'https://rota.example.com';
let double: GitHubDouble;
const tokens = new Map<string, string>();
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { [TOKEN]: { login: 'ayse', id: 7 } },
    repositories: [
      { owner: 'ayse', name: 'api' },
      // Ayşe may push to acme/platform but is no admin there: GitHub answers 404 to hooks.
      { owner: 'acme', name: 'platform', collaborators: ['ayse'] },
    ],
  });
});
afterAll(async () => double?.close());
const context = useTestApp({
  config: {
    publicUrl: PUBLIC_URL,
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: undefined };
    },
  },
  // github.com resolves to a public address without asking DNS (no network in tests).
  hostPolicy: { resolver: async () => ['140.82.112.3'] },
  deps: () => ({ githubUserToken: async (userId: string) => tokens.get(userId) ?? null }),
});

async function ayseWithProject() {
  const { user, token } = await registerUser(context.app);
  tokens.set(user.id, TOKEN);
  const headers = bearer(token);
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers,
    payload: {
      name: 'Webhooks',
      repos: [
        { name: 'api', url: 'https://github.com/ayse/api' },
        { name: 'platform', url: 'https://github.com/acme/platform' },
        { name: 'elsewhere', url: 'https://git.example.org/team/tool' },
      ],
    },
  });
  expect(created.statusCode).toBe(201);
  return { headers, projectId: created.json().data.id as string };
}

const hooksOf = (name: string) => double.repositories.find((r) => r.name === name)?.hooks ?? [];

async function installedSecret() {
  const ayse = await ayseWithProject();
  const installed = await context.app.inject({
    method: 'POST',
    url: `/api/projects/${ayse.projectId}/webhook`,
    headers: ayse.headers,
  });
  expect(installed.statusCode).toBe(200);
  const hook = hooksOf('api').at(-1)!;
  return { ...ayse, secret: hook.config.secret! };
}

async function deliveryRows() {
  return context.database.db.select().from(webhookDeliveries);
}

async function processed(deliveryId: string) {
  for (let i = 0; i < 200; i += 1) {
    const [row] = await context.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.deliveryId, deliveryId));
    if (row && row.status !== 'received') return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`delivery ${deliveryId} was not processed`);
}

function listen(...names: ForgeEventName[]) {
  const seen: Array<{ name: string; number: number; deliveryId: string }> = [];
  const offs = names.map((name) =>
    context.events.on(name, (event) => {
      seen.push({ name, number: event.number, deliveryId: event.deliveryId });
    }),
  );
  return { seen, off: () => offs.forEach((off) => off()) };
}

describe('POST and DELETE /api/projects/{id}/webhook', () => {
  it('installs on each GitHub repository; one without admin rights reports why, the others proceed', async () => {
    const { headers, projectId } = await ayseWithProject();
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/webhook`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.url).toBe(`${PUBLIC_URL}/webhook/github`);
    expect(
      data.repositories.map((r: { repo: string; status: string; code: string | null }) => [
        r.repo,
        r.status,
        r.code,
      ]),
    ).toEqual([
      ['api', 'installed', null],
      ['platform', 'failed', ErrorCodes.webhookAdminRequired],
      ['tool', 'skipped', ErrorCodes.webhookNotSupported],
    ]);
    expect(data.repositories[1].message).toContain('admin rights');
    // GitHub got one hook, as Rota asked for it, with the secret Rota stored encrypted.
    const [hook] = hooksOf('api');
    expect(hook).toMatchObject({
      events: ['pull_request', 'pull_request_review', 'push'],
      config: { url: `${PUBLIC_URL}/webhook/github`, content_type: 'json' },
    });
    const rows = await context.database.db
      .select()
      .from(projectRepos)
      .where(eq(projectRepos.projectId, projectId));
    const api = rows.find((row) => row.repo === 'api')!;
    expect(api).toMatchObject({ webhookInstalled: true, webhookId: String(hook!.id) });
    // testConfig's ENCRYPTION_KEY.
    expect(decryptSecret(api.webhookSecretEnc!, Buffer.alloc(32, 7))).toBe(hook!.config.secret);
    expect(rows.find((row) => row.repo === 'platform')).toMatchObject({
      webhookInstalled: false,
      webhookId: null,
      webhookSecretEnc: null,
    });
    // The project shows it; the secret never leaves the server.
    const project = await context.app.inject({ url: `/api/projects/${projectId}`, headers });
    expect(project.body).not.toContain(hook!.config.secret!);
    expect(project.json().data.repos[0]).toMatchObject({ webhook_installed: true });

    // Installing again changes nothing on GitHub.
    const again = await context.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/webhook`,
      headers,
    });
    expect(again.json().data.repositories[0].status).toBe('already_installed');
    expect(hooksOf('api')).toHaveLength(1);

    const removed = await context.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/webhook`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.repositories.map((r: { status: string }) => r.status)).toEqual([
      'removed',
      'not_installed',
      'not_installed',
    ]);
    expect(hooksOf('api')).toEqual([]);
    const [after] = await context.database.db
      .select()
      .from(projectRepos)
      .where(eq(projectRepos.id, api.id));
    expect(after).toMatchObject({
      webhookInstalled: false,
      webhookId: null,
      webhookSecretEnc: null,
    });
  });

  it("is the owner's only: someone else's project is the same 404 as a missing one", async () => {
    const { projectId } = await ayseWithProject();
    const other = await registerUser(context.app);
    // Creating the project refreshes its GitHub data in the background, so only hook calls count.
    const hookCalls = () => double.requests.filter((r) => r.url.includes('/hooks')).length;
    const before = hookCalls();
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await context.app.inject({
        method,
        url: `/api/projects/${projectId}/webhook`,
        headers: bearer(other.token),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Project not found');
    }
    expect(hookCalls()).toBe(before);
  });
});

describe('POST /webhook/github', () => {
  it('accepts a signed delivery at once (202) and emits its event from the job', async () => {
    const { secret } = await installedSecret();
    const listener = listen('pull_request.opened');
    const payload = examplePayload('pull_request', { owner: 'ayse', repo: 'api' }, 'opened');
    const sent = delivery('pull_request', payload, secret);
    const response = await send(context.app, sent);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      success: true,
      data: { deliveryId: sent.deliveryId, duplicate: false },
    });
    const row = await processed(sent.deliveryId);
    listener.off();
    expect(row).toMatchObject({
      status: 'processed',
      event: 'pull_request',
      repository: 'ayse/api',
    });
    expect(listener.seen).toEqual([
      { name: 'pull_request.opened', number: payload.number, deliveryId: sent.deliveryId },
    ]);
  });

  it('refuses (401) a wrong or missing signature, recording nothing', async () => {
    const { secret } = await installedSecret();
    const payload = examplePayload('ping', { owner: 'ayse', repo: 'api' });
    const wrongSecret = await send(context.app, delivery('ping', payload, `${secret}x`));
    const missing = await send(context.app, delivery('ping', payload, null));
    const malformed = await send(
      context.app,
      delivery('ping', payload, null, { signature: 'sha1=abc' }),
    );
    // Signed right, then changed: the HMAC is over the bytes GitHub sent.
    const signed = delivery('ping', payload, secret);
    const tampered = await send(context.app, {
      ...signed,
      signature: signBody(signed.body, secret),
      body: signed.body.replace('"zen"', '"Zen"'),
    });
    for (const response of [wrongSecret, missing, malformed, tampered]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe(ErrorCodes.webhookSignatureInvalid);
    }
    expect(await deliveryRows()).toEqual([]);
  });

  it('acknowledges a replayed delivery id (202) and processes it once', async () => {
    const { secret } = await installedSecret();
    const listener = listen('pull_request_review.submitted');
    const payload = examplePayload(
      'pull_request_review',
      { owner: 'ayse', repo: 'api' },
      'submitted',
    );
    const sent = delivery('pull_request_review', payload, secret);
    expect((await send(context.app, sent)).statusCode).toBe(202);
    await processed(sent.deliveryId);
    const replay = await send(context.app, sent);
    expect(replay.statusCode).toBe(202);
    expect(replay.json().data).toEqual({ deliveryId: sent.deliveryId, duplicate: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    listener.off();
    expect(await deliveryRows()).toHaveLength(1);
    expect(listener.seen.map((e) => e.name)).toEqual(['pull_request_review.submitted']);
  });

  it('answers 404 for a repository no project has, also on another host', async () => {
    const { secret } = await installedSecret();
    const unknown = examplePayload('ping', { owner: 'ayse', repo: 'unknown' });
    expect((await send(context.app, delivery('ping', unknown, secret))).statusCode).toBe(404);
    const otherHost = examplePayload('ping', {
      owner: 'ayse',
      repo: 'api',
      host: 'ghe.example.com',
    });
    expect((await send(context.app, delivery('ping', otherHost, secret))).statusCode).toBe(404);
    expect(await deliveryRows()).toEqual([]);
  });

  it("accepts a delivery from GITHUB_WEB_URL's host for a repository written as github.com", async () => {
    // The project writes https://github.com/ayse/api; its API calls go to the double, whose web
    // host is GITHUB_WEB_URL's: a delivery from that host is about the same repository.
    const { secret } = await installedSecret();
    const listener = listen('pull_request.opened');
    const host = new URL(double.webUrl).host;
    const payload = examplePayload('pull_request', { owner: 'ayse', repo: 'api', host }, 'opened');
    const sent = delivery('pull_request', payload, secret);
    const response = await send(context.app, sent);
    expect(response.statusCode).toBe(202);
    expect(await processed(sent.deliveryId)).toMatchObject({ status: 'processed' });
    listener.off();
    expect(listener.seen.map((event) => event.deliveryId)).toEqual([sent.deliveryId]);
    // A host that is not this GitHub's is still refused.
    const unrelated = examplePayload('ping', {
      owner: 'ayse',
      repo: 'api',
      host: 'gh.example.net',
    });
    expect((await send(context.app, delivery('ping', unrelated, secret))).statusCode).toBe(404);
  });

  it('answers 413 in the envelope for a body over 25 MB, and 400 for one that is not JSON', async () => {
    const { secret } = await installedSecret();
    const big = await send(context.app, {
      deliveryId: 'big',
      event: 'push',
      body: `{"pad":"${'x'.repeat(25 * 1024 * 1024)}"}`,
      secret,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe(ErrorCodes.payloadTooLarge);
    const notJson = await send(context.app, delivery('ping', 'x', secret, { body: 'not json' }));
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().success).toBe(false);
  });

  it('stores what jsonb cannot hold (NUL, lone surrogates) as U+FFFD, and keeps the rest', async () => {
    const { secret } = await installedSecret();
    const payload = examplePayload('ping', { owner: 'ayse', repo: 'api' });
    // JSON.stringify writes NUL and a lone surrogate as \u escapes, as GitHub does.
    const odd = delivery('ping', { ...payload, zen: 'a\u0000b\ud800c', ['k\udc00']: '😀' }, secret);
    expect(odd.body).toContain('\\u0000');
    const plain = delivery('ping', { ...payload, zen: 'tab\tand 😀' }, secret);
    expect((await send(context.app, odd)).statusCode).toBe(202);
    expect((await send(context.app, plain)).statusCode).toBe(202);
    const rows = await deliveryRows();
    const stored = (id: string) =>
      rows.find((row) => row.deliveryId === id)!.payload as Record<string, unknown>;
    expect(stored(odd.deliveryId)).toMatchObject({ zen: 'a\uFFFDb\uFFFDc', 'k\uFFFD': '😀' });
    expect(stored(plain.deliveryId).zen).toBe('tab\tand 😀');
  });

  it('marks the mirror stale on push; ping is acknowledged and processed', async () => {
    const { secret } = await installedSecret();
    await context.database.db.insert(repoMirrors).values({
      url: 'https://github.com/ayse/api',
      path: 'ab/cd',
      lastFetchedAt: new Date(),
    });
    const push = delivery('push', examplePayload('push', { owner: 'ayse', repo: 'api' }), secret);
    const ping = delivery('ping', examplePayload('ping', { owner: 'ayse', repo: 'api' }), secret);
    expect((await send(context.app, push)).statusCode).toBe(202);
    expect((await send(context.app, ping)).statusCode).toBe(202);
    expect((await processed(push.deliveryId)).status).toBe('processed');
    expect((await processed(ping.deliveryId)).status).toBe('processed');
    const [mirror] = await context.database.db.select().from(repoMirrors);
    expect(mirror!.lastFetchedAt).toBeNull();
  });

  it('accepts the secret of any project that has a hook on the repository', async () => {
    const first = await installedSecret();
    const second = await installedSecret();
    expect(second.secret).not.toBe(first.secret);
    const payload = examplePayload('ping', { owner: 'ayse', repo: 'api' });
    for (const secret of [first.secret, second.secret]) {
      expect((await send(context.app, delivery('ping', payload, secret))).statusCode).toBe(202);
    }
    expect((await send(context.app, delivery('ping', payload, 'neither'))).statusCode).toBe(401);
  });
});
