import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from '../../lib/rate-limit/memory-rate-limiter.js';
import type { RateLimiter } from '../../lib/rate-limit/rate-limiter.js';
import { RedisRateLimiter } from '../../lib/rate-limit/redis-rate-limiter.js';
import { registerUser, uniqueEmail } from '../../testing/auth-helpers.js';
import { useTestApp } from '../../testing/test-app.js';

const LIMITS = { windowMs: 60_000, perIp: 6, perEmailIp: 3, perEmail: 5 };
let address = 0;
/** A client address no other test has used, so tests sharing one limiter do not meet. */
const freshIp = () => `203.0.113.${(address += 1)}`;

/**
 * What the auth routes promise about limits, on either store: `keys` counts the counters the
 * store holds, so a test can see that refused requests create none.
 */
function authLimitSuite(
  name: string,
  make: () => { limiter: RateLimiter; keys: () => Promise<number> },
) {
  describe(name, () => {
    let store: ReturnType<typeof make>;
    const ctx = useTestApp({
      config: { authRateLimit: LIMITS },
      rateLimiter: () => (store = make()).limiter,
    });
    const login = (email: string, password: string, remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        remoteAddress,
      });

    it('locks an e-mail out for the client that guessed wrong, not for its owner elsewhere', async () => {
      const user = await registerUser(ctx.app, { email: uniqueEmail('victim') });
      const stranger = freshIp();
      const statuses = [];
      for (let i = 0; i < LIMITS.perEmailIp + 1; i += 1)
        statuses.push((await login(user.user.email, 'WrongPassw0rd', stranger)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Even the right password is refused from the guessing client while the window lasts.
      const blocked = await login(user.user.email, user.password, stranger);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('RATE_LIMITED');
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // The owner, from their own address, is not locked out.
      expect((await login(user.user.email, user.password, freshIp())).statusCode).toBe(200);
    });

    it('bounds wrong passwords for one e-mail from all clients together', async () => {
      const user = await registerUser(ctx.app, { email: uniqueEmail('distributed') });
      // Two guesses each from several clients: no client reaches its own limit of three.
      const statuses = [];
      for (let i = 0; i < 4; i += 1) {
        const ip = freshIp();
        for (let j = 0; j < 2; j += 1)
          statuses.push((await login(user.user.email, 'WrongPassw0rd', ip)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      expect((await login(user.user.email, user.password, freshIp())).statusCode).toBe(429);
    });

    it('counts wrong passwords for unknown e-mails alike, so a 429 does not reveal accounts', async () => {
      const ip = freshIp();
      const statuses = [];
      for (let i = 0; i < LIMITS.perEmailIp + 1; i += 1)
        statuses.push((await login('nobody.here@example.com', 'WrongPassw0rd', ip)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    });

    it('forgives the owner their typos from this client after a successful sign-in', async () => {
      const user = await registerUser(ctx.app, { email: uniqueEmail('typo') });
      const ip = freshIp();
      for (let i = 0; i < LIMITS.perEmailIp - 1; i += 1)
        expect((await login(user.user.email, 'WrongPassw0rd', ip)).statusCode).toBe(401);
      expect((await login(user.user.email, user.password, ip)).statusCode).toBe(200);
      for (let i = 0; i < LIMITS.perEmailIp - 1; i += 1)
        expect((await login(user.user.email, 'WrongPassw0rd', ip)).statusCode).toBe(401);
      expect((await login(user.user.email, user.password, ip)).statusCode).toBe(200);
    });

    it('stops a client spraying e-mails at its limit, without a counter per refused e-mail', async () => {
      const ip = freshIp();
      const statuses = [];
      for (let i = 0; i < LIMITS.perIp; i += 1)
        statuses.push((await login(uniqueEmail('spray'), 'WrongPassw0rd', ip)).statusCode);
      expect(statuses.every((status) => status === 401)).toBe(true);
      const before = await store.keys();
      for (let i = 0; i < 50; i += 1) {
        const refused = await login(uniqueEmail('spray'), 'WrongPassw0rd', ip);
        expect(refused.statusCode).toBe(429);
      }
      expect(await store.keys()).toBe(before);
      // Another client is not affected.
      expect((await login(uniqueEmail('spray'), 'WrongPassw0rd', freshIp())).statusCode).toBe(401);
    });

    it('counts an IPv6 /64 as one client', async () => {
      const statuses = [];
      for (let i = 0; i <= LIMITS.perIp; i += 1)
        statuses.push(
          (await login(uniqueEmail('v6'), 'WrongPassw0rd', `2001:db8:7:7::${i + 1}`)).statusCode,
        );
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
    });

    it('limits registration per client, still answering 409 for a taken e-mail', async () => {
      const ip = freshIp();
      const register = (email: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: 'Spam', email, password: 'Sup3rSecret' },
          remoteAddress: ip,
        });
      const taken = uniqueEmail('taken');
      const statuses = [(await register(taken)).statusCode, (await register(taken)).statusCode];
      for (let i = 2; i < LIMITS.perIp; i += 1)
        statuses.push((await register(uniqueEmail('reg'))).statusCode);
      expect(statuses).toEqual([201, 409, 201, 201, 201, 201]);
      const before = await store.keys();
      const refused = await register(uniqueEmail('reg'));
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(await store.keys()).toBe(before);
    });
  });
}

authLimitSuite('with the in-memory limiter', () => {
  const limiter = new MemoryRateLimiter();
  return { limiter, keys: async () => limiter.size };
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('on a real Redis (TEST_REDIS_URL)', () => {
  const redis = new Redis(redisUrl ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  const prefix = `rota:test:${randomUUID()}:`;
  afterAll(async () => {
    const leftovers = await redis.keys(`${prefix}*`);
    if (leftovers.length) await redis.del(...leftovers);
    redis.disconnect();
  });
  authLimitSuite('with the Redis limiter', () => ({
    limiter: new RedisRateLimiter(redis, prefix),
    keys: async () => (await redis.keys(`${prefix}*`)).length,
  }));

  it('gives every counter an expiry', async () => {
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(LIMITS.windowMs);
    }
  });
});
