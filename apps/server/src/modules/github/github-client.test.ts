import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@rota/contracts';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { startGitHubDouble, type GitHubDouble } from '../../testing/github-double/index.js';
import { testConfig } from '../../testing/test-config.js';
import { useTestApp } from '../../testing/test-app.js';
import { GitHubClients } from './client-factory.js';
import { FROM_CACHE_HEADER } from './conditional-requests.js';
import { credentialOf } from './credentials.js';
import { GITHUB_ANSWER_TIMEOUT_MS } from './answer-timeout.js';
import { gitHubError, gitHubGraphqlError } from './github-errors.js';
import { HttpCache } from './queries.js';
import { RateLimitState } from './rate-limit-state.js';

/**
 * The GitHub client and spec §7's rate-limit routes against the local GitHub double (no network),
 * on the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
const USER_TOKEN = 'gho_user_token';
const SERVER_TOKEN = 'ghp_server_token';

function suite(enterprise: boolean) {
  let double: GitHubDouble;
  const userTokens = new Map<string, string>();
  beforeAll(async () => {
    double = await startGitHubDouble({
      enterprise,
      tokens: {
        [USER_TOKEN]: { login: 'octocat', id: 1 },
        [SERVER_TOKEN]: { login: 'rota-bot', id: 2 },
      },
      repositories: [{ owner: 'octocat', name: 'hello', stargazers: 7 }],
    });
  });
  afterAll(async () => double?.close());
  const context = useTestApp({
    config: {
      get github() {
        return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: SERVER_TOKEN };
      },
    },
    deps: () => ({
      githubUserToken: async (userId: string) => userTokens.get(userId) ?? null,
      githubRetryAfterUnitMs: 5,
    }),
    startQueue: false,
  });

  async function signedIn(withToken: string | null = USER_TOKEN) {
    const { user, token } = await registerUser(context.app);
    if (withToken) userTokens.set(user.id, withToken);
    return bearer(token);
  }

  const clients = () =>
    new GitHubClients({
      apiUrl: double.apiUrl,
      serverToken: undefined,
      userToken: async () => null,
      cache: new HttpCache(context.database.db),
      rateLimits: new RateLimitState(),
      retryAfterUnitMs: 5,
    });

  return { double: () => double, context, signedIn, clients, userTokens };
}

describe.each([
  ['api.github.com', false],
  ['GitHub Enterprise Server (/api/v3)', true],
])('GitHub client against %s', (_label, enterprise) => {
  const s = suite(enterprise);

  it("reports the user's own limits (core, search, graphql) at /api/rate-limit/github", async () => {
    const headers = await s.signedIn();
    const response = await s.context.app.inject({ url: '/api/rate-limit/github', headers });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.credential).toBe('user');
    expect(data.core).toMatchObject({ limit: 5000, remaining: 5000, used: 0 });
    expect(data.search.limit).toBe(30);
    expect(data.graphql.limit).toBe(5000);
    expect(new Date(data.core.reset).getTime()).toBeGreaterThan(Date.now());
    const prefix = enterprise ? '/api/v3' : '';
    expect(s.double().requests.at(-1)).toMatchObject({ url: `${prefix}/rate_limit`, status: 200 });
  });

  it("falls back to the server's GITHUB_TOKEN for a user without one", async () => {
    const headers = await s.signedIn(null);
    const response = await s.context.app.inject({ url: '/api/rate-limit/github', headers });
    expect(response.json().data.credential).toBe('server');
    expect(s.double().requests.at(-1)?.caller).toBe(SERVER_TOKEN);
  });

  it('asks with the stored ETag: a 304 spends no rate limit and serves the stored body', async () => {
    const octokit = s.clients().forCredential(credentialOf('user', USER_TOKEN));
    const first = await octokit.request('GET /repos/{owner}/{repo}', {
      owner: 'octocat',
      repo: 'hello',
    });
    const second = await octokit.request('GET /repos/{owner}/{repo}', {
      owner: 'octocat',
      repo: 'hello',
    });
    expect(second.data).toEqual(first.data);
    expect(second.headers[FROM_CACHE_HEADER]).toBe('revalidated');
    expect(
      s
        .double()
        .requests.slice(-2)
        .map((r) => r.status),
    ).toEqual([200, 304]);
    expect(second.headers['x-ratelimit-remaining']).toBe(first.headers['x-ratelimit-remaining']);
  });

  it("counts its hits and misses, and forgets a repository's answers whichever credential asked", async () => {
    const clients = s.clients();
    const route = { owner: 'octocat', repo: 'hello' };
    const asUser = clients.forCredential(credentialOf('user', USER_TOKEN));
    await asUser.request('GET /repos/{owner}/{repo}', route);
    await asUser.request('GET /repos/{owner}/{repo}', route);
    await clients
      .forCredential(credentialOf('server', SERVER_TOKEN))
      .request('GET /repos/{owner}/{repo}', route);
    // A repository whose name starts like it is another repository.
    const store = new HttpCache(s.context.database.db);
    await store.put(`k ${s.double().apiUrl}/repos/octocat/hello-world`, {
      etag: '"x"',
      body: {},
      headers: {},
    });
    const figures = await clients.responses.stats();
    expect(figures).toMatchObject({ store: 'database', entries: 3, hits: 1, misses: 2 });
    expect(figures.bytes).toBeGreaterThan(0);

    expect(await clients.responses.forgetRepository({ owner: 'OctoCat', repo: 'Hello' })).toBe(2);
    expect(await store.figures()).toMatchObject({ entries: 1 });
    // Asked again without an ETag: a full answer.
    await asUser.request('GET /repos/{owner}/{repo}', route);
    expect(s.double().requests.at(-1)?.status).toBe(200);
    expect(await clients.responses.clear()).toBe(2);
    expect(await store.figures()).toEqual({ entries: 0, bytes: 0, oldest: null });
  });

  it('when the limit is used up: stored data is served marked stale, should-cache says so', async () => {
    s.double().limits.addToken('gho_spent', { login: 'octocat', id: 1 });
    const headers = await s.signedIn('gho_spent');
    const octokit = s.clients().forCredential(credentialOf('user', 'gho_spent'));
    const route = { owner: 'octocat', repo: 'hello' };
    await octokit.request('GET /repos/{owner}/{repo}', route);
    s.double().limits.exhaust('gho_spent', 'core');
    const stale = await octokit.request('GET /repos/{owner}/{repo}', route);
    expect(stale.headers[FROM_CACHE_HEADER]).toBe('stale');
    expect(stale.data).toMatchObject({ full_name: 'octocat/hello', stargazers_count: 7 });
    // Nothing stored for this one: a clear 429 with the reset time.
    const refused = await octokit
      .request('GET /repos/{owner}/{repo}', { owner: 'octocat', repo: 'other' })
      .catch((error: unknown) => gitHubError(error));
    expect(refused).toMatchObject({ statusCode: 429, code: ErrorCodes.githubRateLimited });
    const retryAfter = (refused as { headers: Record<string, string> }).headers['retry-after'];
    expect(Number(retryAfter)).toBeGreaterThan(0);

    const answer = await s.context.app.inject({ url: '/api/rate-limit/should-cache', headers });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toMatchObject({
      shouldCache: true,
      reason: 'exhausted',
      resource: 'core',
      remaining: 0,
    });
  });

  it('should-cache is false with plenty left and true once remaining falls under the threshold', async () => {
    const headers = await s.signedIn('gho_fresh');
    s.double().limits.addToken('gho_fresh', { login: 'octocat', id: 1 });
    const plenty = await s.context.app.inject({ url: '/api/rate-limit/should-cache', headers });
    expect(plenty.json().data).toMatchObject({
      shouldCache: false,
      reason: 'plenty',
      threshold: 100,
    });
    const core = s.double().limits.bucket('gho_fresh', 'core');
    core.used = core.limit - 40;
    await s.context.app.inject({ url: '/api/rate-limit/github', headers });
    const low = await s.context.app.inject({ url: '/api/rate-limit/should-cache', headers });
    expect(low.json().data).toMatchObject({ shouldCache: true, reason: 'low', remaining: 40 });
  });

  it('retries a secondary rate limit after the retry-after GitHub gave', async () => {
    const octokit = s.clients().forCredential(credentialOf('user', USER_TOKEN));
    s.double().limits.secondaryLimit(USER_TOKEN, 1);
    const answer = await octokit.request('GET /rate_limit');
    expect(answer.status).toBe(200);
    expect(
      s
        .double()
        .requests.slice(-2)
        .map((r) => r.status),
    ).toEqual([403, 200]);
  });

  it('a revoked GitHub token is 424 GITHUB_TOKEN_REVOKED (not 401: the Rota session is fine)', async () => {
    s.double().limits.addToken('gho_revoked', { login: 'octocat', id: 1 });
    const headers = await s.signedIn('gho_revoked');
    s.double().limits.revoke('gho_revoked');
    const response = await s.context.app.inject({ url: '/api/rate-limit/github', headers });
    expect(response.statusCode).toBe(424);
    expect(response.json().error.code).toBe(ErrorCodes.githubTokenRevoked);
    const advice = await s.context.app.inject({ url: '/api/rate-limit/should-cache', headers });
    expect(advice.json().data).toMatchObject({ shouldCache: true, reason: 'token_revoked' });
  });

  it('answers 404 GITHUB_NOT_FOUND for a repository GitHub does not show', async () => {
    const octokit = s.clients().forCredential(credentialOf('user', USER_TOKEN));
    const error = await octokit
      .request('GET /repos/{owner}/{repo}', { owner: 'nobody', repo: 'nothing' })
      .catch((caught: unknown) => gitHubError(caught));
    expect(error).toMatchObject({ statusCode: 404, code: ErrorCodes.githubNotFound });
  });
});

describe('GitHub client when GitHub cannot be reached', () => {
  const context = useTestApp({
    config: { github: { ...testConfig().github, token: SERVER_TOKEN } },
    deps: () => ({ githubRetryAfterUnitMs: 5 }),
    startQueue: false,
  });

  it('says 502 GITHUB_UNAVAILABLE, and should-cache says github_unavailable', async () => {
    const { token } = await registerUser(context.app);
    const response = await context.app.inject({
      url: '/api/rate-limit/github',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe(ErrorCodes.githubUnavailable);
    const advice = await context.app.inject({
      url: '/api/rate-limit/should-cache',
      headers: bearer(token),
    });
    expect(advice.json().data).toMatchObject({ shouldCache: true, reason: 'github_unavailable' });
  });
});

describe('GitHub client when GitHub accepts connections and never answers', () => {
  // A server that takes every connection and says nothing, as a GitHub behind a stuck proxy does.
  let silent: Server;
  const accepted: Socket[] = [];
  const requestsSeen: string[] = [];
  let apiUrl = '';
  beforeAll(async () => {
    silent = createServer((socket) => {
      accepted.push(socket);
      socket.on('data', (chunk: Buffer) => {
        const line = /^(GET|POST) \S+/.exec(chunk.toString('latin1'));
        if (line) requestsSeen.push(line[0]);
      });
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    accepted.forEach((socket) => socket.destroy());
    await new Promise((resolve) => silent?.close(resolve));
  });
  // Production's retry timing: a silent GitHub must not be waited for once per try.
  const context = useTestApp({
    config: {
      get github() {
        return { apiUrl, webUrl: apiUrl, oauth: null, token: SERVER_TOKEN };
      },
    },
    startQueue: false,
  });

  it('gives up after 10 s, once per call, and says GitHub did not answer', async () => {
    const { token } = await registerUser(context.app);
    const octokit = new GitHubClients({
      apiUrl,
      serverToken: SERVER_TOKEN,
      userToken: async () => null,
      cache: new HttpCache(context.database.db),
      rateLimits: new RateLimitState(),
    }).forCredential(credentialOf('server', SERVER_TOKEN));
    const timed = async <T>(call: () => Promise<T>) => {
      const started = performance.now();
      const result = await call();
      return { result, ms: performance.now() - started };
    };
    const [limits, advice, graphql] = await Promise.all([
      timed(() => context.app.inject({ url: '/api/rate-limit/github', headers: bearer(token) })),
      timed(() =>
        context.app.inject({ url: '/api/rate-limit/should-cache', headers: bearer(token) }),
      ),
      timed(() =>
        octokit.graphql('query { viewer { login } }').catch((caught: unknown) => {
          const mapped = gitHubGraphqlError(caught);
          return mapped instanceof Error ? mapped : caught;
        }),
      ),
    ]);

    expect(limits.result.statusCode).toBe(502);
    expect(limits.result.json().error).toMatchObject({
      code: ErrorCodes.githubUnavailable,
      message: expect.stringContaining('GitHub did not answer within 10 seconds'),
    });
    expect(advice.result.json().data).toMatchObject({
      shouldCache: true,
      reason: 'github_unavailable',
    });
    expect(graphql.result).toMatchObject({ code: ErrorCodes.githubUnavailable });
    for (const { ms } of [limits, advice, graphql]) {
      expect(ms).toBeGreaterThanOrEqual(GITHUB_ANSWER_TIMEOUT_MS - 100);
      expect(ms).toBeLessThan(GITHUB_ANSWER_TIMEOUT_MS + 2_000);
    }
    // One request per call: no try was repeated.
    expect(requestsSeen.sort()).toEqual(['GET /rate_limit', 'GET /rate_limit', 'POST /graphql']);
    const seconds = ({ ms }: { ms: number }) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `GitHub silent: /api/rate-limit/github ${seconds(limits)}, should-cache ` +
        `${seconds(advice)}, GraphQL ${seconds(graphql)}`,
    );
  }, 30_000);
});
