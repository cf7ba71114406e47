import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthAnswer } from '@rota/contracts';
import * as jobQueries from '../../jobs/queries.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { startGitHubDouble, type GitHubDouble } from '../../testing/github-double/index.js';
import { useTestApp } from '../../testing/test-app.js';

/**
 * `GET /api/health?detail=true` for the administrator (the first registered user), with a server
 * GITHUB_TOKEN the GitHub double knows, and Redis when TEST_REDIS_URL is set.
 */
const SERVER_TOKEN = 'ghp_server_token';
const redisUrl = process.env.TEST_REDIS_URL;
let double: GitHubDouble;
let redis: Redis | undefined;
beforeAll(async () => {
  double = await startGitHubDouble({ tokens: { [SERVER_TOKEN]: { login: 'rota-bot', id: 2 } } });
  if (redisUrl) redis = new Redis(redisUrl);
});
let doubleClosed = false;
afterAll(async () => {
  if (!doubleClosed) await double?.close();
  redis?.disconnect();
});
const ctx = useTestApp({
  config: {
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: SERVER_TOKEN };
    },
  },
  deps: () => ({ githubRetryAfterUnitMs: 5, ...(redis ? { redis } : {}) }),
  startQueue: false,
});

async function detail(token: string): Promise<HealthAnswer> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/health?detail=true',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as HealthAnswer;
}

/** A job of `kind` that failed for good with `code`. */
async function failedJob(kind: string, code: string) {
  const { db } = ctx.database;
  const { job } = await jobQueries.insertJob(db, kind, {}, {});
  await jobQueries.claimNextJob(db, 'worker-a', [kind]);
  await jobQueries.finishJob(db, job.id, 'worker-a', {
    status: 'failed',
    error: { code: code as never, message: 'failed' },
  });
  return job.id;
}

describe('GET /api/health?detail=true', () => {
  it('tells the administrator the database, Redis, git, the queue, GitHub and the disk', async () => {
    const admin = await registerUser(ctx.app);
    const { db } = ctx.database;
    await jobQueries.insertJob(db, 'waiting', { n: 1 }, {});
    await jobQueries.insertJob(db, 'waiting', { n: 2 }, {});
    await jobQueries.insertJob(db, 'busy', {}, {});
    await jobQueries.claimNextJob(db, 'worker-a', ['busy']);
    const old = await failedJob('analysis', 'REPO_NOT_FOUND');
    await db.execute(
      sql`update jobs set finished_at = now() - interval '25 hours' where id = ${old}`,
    );
    await failedJob('pull-request-sync', 'GITHUB_RATE_LIMITED');
    await failedJob('analysis', 'GIT_TIMEOUT');

    const answer = await detail(admin.token);
    expect(answer).toMatchObject({
      status: 'ok',
      database: { reachable: true, latencyMs: expect.any(Number) },
    });
    const { detail: parts } = answer;
    expect(parts?.redis).toEqual(
      redis
        ? { configured: true, reachable: true, latencyMs: expect.any(Number), error: null }
        : { configured: false },
    );
    expect(parts?.git.version).toMatch(/^\d+\.\d+/);
    expect(parts?.queue).toEqual({
      queued: 2,
      running: 1,
      failedLast24h: 2,
      recentFailures: [
        { kind: 'analysis', code: 'GIT_TIMEOUT', finishedAt: expect.any(String) },
        { kind: 'pull-request-sync', code: 'GITHUB_RATE_LIMITED', finishedAt: expect.any(String) },
      ],
    });
    expect(parts?.github).toMatchObject({
      configured: true,
      core: { limit: expect.any(Number), remaining: expect.any(Number) },
      graphql: { limit: expect.any(Number) },
      error: null,
    });
    expect(parts?.disk).toMatchObject({ path: ctx.dataDir, error: null });
    expect(parts?.disk.freeBytes).toBeGreaterThan(0);
    expect(parts?.disk.totalBytes).toBeGreaterThanOrEqual(parts!.disk.freeBytes!);
  });

  it("asks GitHub for the server token's limit at most once a minute", async () => {
    const admin = await registerUser(ctx.app);
    // The previous test's answer may still be kept: start a minute later.
    ctx.clock.now += 61_000;
    const asked = () => double.requests.filter((seen) => seen.url === '/rate_limit').length;
    const before = asked();
    const first = await detail(admin.token);
    const second = await detail(admin.token);
    expect(asked()).toBe(before + 1);
    expect(second.detail?.github).toEqual(first.detail?.github);
    ctx.clock.now += 61_000;
    await detail(admin.token);
    expect(asked()).toBe(before + 2);
  });

  it('says when GitHub cannot be asked, and the rest still answers', async () => {
    const admin = await registerUser(ctx.app);
    // Past every answer kept by the tests before.
    ctx.clock.now += 10 * 60_000;
    await double.close();
    doubleClosed = true;
    const answer = await detail(admin.token);
    expect(answer.detail?.github).toMatchObject({
      configured: true,
      core: null,
      error: 'GITHUB_UNAVAILABLE',
    });
    expect(answer.detail?.git.version).not.toBeNull();
    expect(answer.detail?.queue).toMatchObject({ queued: 0, failedLast24h: 0 });
  });
});
