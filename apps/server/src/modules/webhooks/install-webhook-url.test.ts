import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@rota/contracts';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { startGitHubDouble, type GitHubDouble } from '../../testing/github-double/index.js';
import { useTestApp, type TestContext } from '../../testing/test-app.js';
import { delivery, examplePayload, send } from '../../testing/webhook-deliveries.js';

/**
 * WEBHOOK_URL: GitHub delivers to a relay or proxy elsewhere (smee.io, a tunnel) that forwards to
 * Rota's own /webhook/github. The hook is created with that URL, and it is the URL judged for
 * reachability, whatever PUBLIC_URL is.
 */
const RELAY = 'https://smee.io/rota-Xy12Ab';
let double: GitHubDouble;
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { gho_ayse: { login: 'ayse', id: 7 } },
    repositories: [{ owner: 'ayse', name: 'api' }],
  });
});
afterAll(async () => double?.close());

function appWith(urls: { publicUrl: string; webhookUrl: string }) {
  return useTestApp({
    config: {
      ...urls,
      get github() {
        return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: undefined };
      },
    },
    hostPolicy: { resolver: async () => ['140.82.112.3'] },
    deps: () => ({ githubUserToken: async () => 'gho_ayse' }),
  });
}

async function projectOf(context: TestContext) {
  const { token } = await registerUser(context.app);
  const headers = bearer(token);
  const created = await context.app.inject({
    method: 'POST',
    url: '/api/projects',
    headers,
    payload: { name: 'Relayed', repos: [{ name: 'api', url: 'https://github.com/ayse/api' }] },
  });
  expect(created.statusCode).toBe(201);
  return { headers, projectId: created.json().data.id as string };
}

const hooks = () => double.repositories[0]!.hooks ?? [];

describe('with WEBHOOK_URL set to a relay while PUBLIC_URL is a laptop address', () => {
  const context = appWith({ publicUrl: 'http://localhost:3000', webhookUrl: RELAY });

  it('installs the hook with the relay URL; deliveries still arrive at /webhook/github', async () => {
    const { headers, projectId } = await projectOf(context);
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/webhook`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.url).toBe(RELAY);
    expect(response.json().data.repositories[0].status).toBe('installed');
    expect(hooks()).toHaveLength(1);
    expect(hooks()[0]!.config.url).toBe(RELAY);

    // What the relay forwards: GitHub's bytes and headers, signed with the hook's secret.
    const ping = examplePayload('ping', { owner: 'ayse', repo: 'api' });
    const forwarded = await send(context.app, delivery('ping', ping, hooks()[0]!.config.secret!));
    expect(forwarded.statusCode).toBe(202);

    const removed = await context.app.inject({
      method: 'DELETE',
      url: `/api/projects/${projectId}/webhook`,
      headers,
    });
    expect(removed.json().data.repositories[0].status).toBe('removed');
    expect(hooks()).toEqual([]);
  });
});

describe('with WEBHOOK_URL on loopback while PUBLIC_URL is public', () => {
  const loopback = 'http://127.0.0.1:3000/webhook/github';
  const context = appWith({ publicUrl: 'https://rota.example.com', webhookUrl: loopback });

  it('refuses (409) before calling GitHub: the URL GitHub would deliver to is what counts', async () => {
    const { headers, projectId } = await projectOf(context);
    const before = double.requests.filter((r) => r.url.includes('/hooks')).length;
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/webhook`,
      headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: ErrorCodes.webhookUrlUnreachable,
      message: `GitHub cannot reach ${loopback}; the scheduled sync keeps data fresh instead.`,
    });
    expect(double.requests.filter((r) => r.url.includes('/hooks')).length).toBe(before);
    expect(hooks()).toEqual([]);
  });
});
