import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { startGitHubDouble, type GitHubDouble } from '../../testing/github-double/index.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';

/** `/metrics` with METRICS_TOKEN set: the running app's requests, jobs and GitHub calls. */
const METRICS_TOKEN = 'scrape-0123456789abcdef';
const GITHUB_TOKEN = 'gho_metrics';
let double: GitHubDouble;
beforeAll(async () => {
  double = await startGitHubDouble({ tokens: { [GITHUB_TOKEN]: { login: 'octocat', id: 1 } } });
});
afterAll(async () => double?.close());
const ctx = useTestApp({
  config: {
    metricsToken: METRICS_TOKEN,
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: undefined };
    },
  },
  deps: () => ({ githubUserToken: async () => GITHUB_TOKEN }),
});

const scrape = (headers: Record<string, string> = bearer(METRICS_TOKEN)) =>
  ctx.app.inject({ method: 'GET', url: '/metrics', headers });

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split('\n')
    .find(
      (candidate) =>
        candidate.startsWith(`${name}{`) && wanted.every((label) => candidate.includes(label)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics with METRICS_TOKEN', () => {
  it('is refused without the bearer token, or with another (401)', async () => {
    for (const headers of [
      {},
      bearer('scrape-0123456789abcdeX'),
      bearer('short'),
      { authorization: `Basic ${METRICS_TOKEN}` },
    ]) {
      const response = await scrape(headers);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    }
  });

  it('counts requests by route pattern and status, never by URL', async () => {
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token);
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.inject({ url: `/api/projects/${project.id}`, headers: bearer(token) });
    const missing = randomUUID();
    await ctx.app.inject({ url: `/api/projects/${missing}`, headers: bearer(token) });
    await ctx.app.inject({ url: `/api/no-such-route/${missing}` });

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    const count = (labels: Record<string, string>) =>
      sample(text, 'rota_http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/health', status_code: '200' })).toBe(2);
    expect(count({ method: 'GET', route: '/api/projects/:id', status_code: '200' })).toBe(1);
    expect(count({ method: 'GET', route: '/api/projects/:id', status_code: '404' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(
      sample(text, 'rota_http_request_duration_seconds_bucket', {
        route: '/api/health',
        le: '+Inf',
      }),
    ).toBe(2);
    expect(text).not.toContain(project.id);
    expect(text).not.toContain(missing);
    // Node's own figures come with them.
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('times job attempts by kind and outcome, and shows the queue depth', async () => {
    const succeeded = await ctx.queue.enqueue('refresh-token-purge', {});
    // A payload the analysis job refuses, with no attempt left: failed for good.
    const failed = await ctx.queue.enqueue('analyze-repository', {}, { maxAttempts: 1 });
    expect((await ctx.queue.waitFor(succeeded.id, 10_000))?.status).toBe('succeeded');
    expect((await ctx.queue.waitFor(failed.id, 10_000))?.status).toBe('failed');

    const text = (await scrape()).body;
    const attempts = (labels: Record<string, string>) =>
      sample(text, 'rota_job_duration_seconds_count', labels);
    expect(attempts({ kind: 'refresh-token-purge', outcome: 'succeeded' })).toBe(1);
    expect(attempts({ kind: 'analyze-repository', outcome: 'failed' })).toBe(1);
    expect(
      sample(text, 'rota_job_duration_seconds_sum', { kind: 'refresh-token-purge' }),
    ).toBeGreaterThan(0);
    expect(sample(text, 'rota_job_queue_depth', { status: 'queued' })).toBe(0);
    expect(sample(text, 'rota_job_queue_depth', { status: 'running' })).toBe(0);
  });

  it('counts GitHub calls by outcome and the rate limit left by kind of credential, never the token', async () => {
    const { token } = await registerUser(ctx.app);
    const before = sample((await scrape()).body, 'rota_github_requests_total', { outcome: 'ok' });
    expect(
      (await ctx.app.inject({ url: '/api/rate-limit/github', headers: bearer(token) })).statusCode,
    ).toBe(200);
    const text = (await scrape()).body;
    expect(sample(text, 'rota_github_requests_total', { outcome: 'ok' })).toBe((before ?? 0) + 1);
    expect(
      sample(text, 'rota_github_rate_limit_remaining', { credential: 'user', resource: 'core' }),
    ).toBeGreaterThan(0);
    expect(text).not.toContain(GITHUB_TOKEN);
    expect(text).not.toContain(METRICS_TOKEN);
  });
});
