import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubDouble, type GitHubDouble } from '../../testing/github-double/index.js';
import { GitHubClients } from './client-factory.js';
import { FROM_CACHE_HEADER } from './conditional-requests.js';
import { credentialOf } from './credentials.js';
import { RateLimitState } from './rate-limit-state.js';
import { RedisHttpCache } from './redis-http-cache.js';
import { GitHubResponseCache } from './response-cache.js';

// Stored GitHub answers in Redis (REDIS_URL): CI sets TEST_REDIS_URL (`.ci/run`).
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('GitHub answers stored in Redis (TEST_REDIS_URL)', () => {
  let redis: Redis;
  let double: GitHubDouble;
  const prefix = `rota:test:http:${process.pid}:`;
  beforeAll(async () => {
    redis = new Redis(redisUrl!);
    double = await startGitHubDouble({
      tokens: { gho_redis: { login: 'octocat', id: 1 } },
      repositories: [{ owner: 'octocat', name: 'hello' }],
    });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await double.close();
  });

  it('a second read is a free 304 answered from Redis, and a refused one is served stale', async () => {
    const clients = () =>
      new GitHubClients({
        apiUrl: double.apiUrl,
        serverToken: undefined,
        userToken: async () => null,
        cache: new RedisHttpCache(redis, prefix),
        rateLimits: new RateLimitState(),
      });
    const route = { owner: 'octocat', repo: 'hello' };
    const credential = credentialOf('user', 'gho_redis');
    const first = await clients()
      .forCredential(credential)
      .request('GET /repos/{owner}/{repo}', route);
    // Another process (a new client, the same Redis) revalidates what the first one stored.
    const second = await clients()
      .forCredential(credential)
      .request('GET /repos/{owner}/{repo}', route);
    expect(second.headers[FROM_CACHE_HEADER]).toBe('revalidated');
    expect(second.data).toEqual(first.data);
    expect(double.requests.slice(-2).map((r) => r.status)).toEqual([200, 304]);
    double.limits.exhaust('gho_redis', 'core');
    const stale = await clients()
      .forCredential(credential)
      .request('GET /repos/{owner}/{repo}', route);
    expect(stale.headers[FROM_CACHE_HEADER]).toBe('stale');
    expect(stale.data).toEqual(first.data);
    expect(
      await redis.ttl(`${prefix}${credential.key} ${double.apiUrl}/repos/octocat/hello`),
    ).toBeGreaterThan(0);
  });

  it('tells how many answers it holds, their bytes and the oldest, and forgets a repository’s or all', async () => {
    const own = `${prefix}figures:`;
    const store = new RedisHttpCache(redis, own);
    const apiUrl = 'https://api.example.test';
    const answer = { etag: '"e"', body: { a: 1 }, headers: {} };
    const keys = [
      `k1 ${apiUrl}/repos/Acme/Api`,
      `k2 ${apiUrl}/repos/acme/api/pulls?state=all`,
      `k1 ${apiUrl}/repos/acme/api-docs`,
      `k1 ${apiUrl}/repos/acme/web`,
    ];
    for (const key of keys) await store.put(key, answer);
    // Another store's answers (another prefix) are not this store's.
    const elsewhere = new RedisHttpCache(redis, `${prefix}elsewhere:`);
    await elsewhere.put(`k1 ${apiUrl}/repos/acme/api`, answer);
    // Stored a day ago, by its remaining time.
    await redis.expire(`${own}${keys[3]}`, 29 * 24 * 3600);

    const figures = await store.figures();
    expect(figures.entries).toBe(4);
    const values = await Promise.all(keys.map((key) => redis.strlen(`${own}${key}`)));
    expect(figures.bytes).toBe(values.reduce((sum, n) => sum + n, 0));
    expect(Date.now() - figures.oldest!.getTime()).toBeGreaterThan(24 * 3600 * 1000 - 5000);
    expect(Date.now() - figures.oldest!.getTime()).toBeLessThan(24 * 3600 * 1000 + 5000);

    const cache = new GitHubResponseCache(store, apiUrl);
    expect(await cache.forgetRepository({ owner: 'ACME', repo: 'api' })).toBe(2);
    expect(await store.get(keys[0]!)).toBeUndefined();
    expect(await store.get(keys[1]!)).toBeUndefined();
    expect(await store.get(keys[2]!)).toBeDefined();
    expect(await store.get(keys[3]!)).toBeDefined();
    expect((await cache.stats()).store).toBe('redis');

    expect(await cache.clear()).toBe(2);
    expect(await store.figures()).toEqual({ entries: 0, bytes: 0, oldest: null });
    expect(await elsewhere.get(`k1 ${apiUrl}/repos/acme/api`)).toBeDefined();
  });
});
