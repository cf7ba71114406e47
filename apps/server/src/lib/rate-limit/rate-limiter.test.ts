import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './memory-rate-limiter.js';
import type { RateLimiter } from './rate-limiter.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

/** One contract, two stores: what the auth routes rely on must hold for both. */
function rateLimiterContract(
  name: string,
  make: () => { limiter: RateLimiter; advance?: (ms: number) => void },
) {
  describe(name, () => {
    it('counts hits per key within a window', async () => {
      const { limiter } = make();
      const key = `k:${randomUUID()}`;
      expect((await limiter.hit(key, 10_000)).count).toBe(1);
      expect((await limiter.hit(key, 10_000)).count).toBe(2);
      expect((await limiter.hit(`${key}:other`, 10_000)).count).toBe(1);
      const third = await limiter.hit(key, 10_000);
      expect(third.count).toBe(3);
      expect(third.resetInMs).toBeGreaterThan(0);
      expect(third.resetInMs).toBeLessThanOrEqual(10_000);
    });

    it('forgets a key on reset', async () => {
      const { limiter } = make();
      const key = `k:${randomUUID()}`;
      await limiter.hit(key, 10_000);
      await limiter.hit(key, 10_000);
      await limiter.reset(key);
      expect((await limiter.hit(key, 10_000)).count).toBe(1);
    });

    it('peeks at a window without counting, and without creating one', async () => {
      const { limiter } = make();
      const key = `k:${randomUUID()}`;
      expect(await limiter.peek(key)).toEqual({ count: 0, resetInMs: 0 });
      expect(await limiter.peek(key)).toEqual({ count: 0, resetInMs: 0 });
      expect((await limiter.hit(key, 10_000)).count).toBe(1);
      const seen = await limiter.peek(key);
      expect(seen.count).toBe(1);
      expect(seen.resetInMs).toBeGreaterThan(0);
      expect(seen.resetInMs).toBeLessThanOrEqual(10_000);
      expect((await limiter.hit(key, 10_000)).count).toBe(2);
    });

    it('starts a new window when the old one ends', async () => {
      const { limiter, advance } = make();
      const key = `k:${randomUUID()}`;
      await limiter.hit(key, 50);
      if (advance) advance(60);
      else await new Promise((resolve) => setTimeout(resolve, 80));
      expect((await limiter.peek(key)).count).toBe(0);
      expect((await limiter.hit(key, 50)).count).toBe(1);
    });
  });
}

rateLimiterContract('MemoryRateLimiter', () => {
  let now = 1_000_000;
  return { limiter: new MemoryRateLimiter({ now: () => now }), advance: (ms) => (now += ms) };
});

describe('MemoryRateLimiter size cap', () => {
  it('never holds more windows than its cap, forgetting the oldest first', async () => {
    const limiter = new MemoryRateLimiter({ maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) await limiter.hit(key, 60_000);
    await limiter.hit('a', 60_000); // a second hit does not make a window younger
    await limiter.hit('d', 60_000);
    expect(limiter.size).toBe(3);
    expect((await limiter.peek('a')).count).toBe(0);
    expect((await limiter.peek('b')).count).toBe(1);
    expect((await limiter.peek('d')).count).toBe(1);
    for (let i = 0; i < 1000; i += 1) await limiter.hit(`spray:${i}`, 60_000);
    expect(limiter.size).toBe(3);
    await limiter.close();
  });

  it('renews an expired window as the youngest', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter({ now: () => now, maxKeys: 2 });
    await limiter.hit('a', 100);
    await limiter.hit('b', 1000);
    now = 200;
    await limiter.hit('a', 100); // a new window for a: b is now the oldest
    await limiter.hit('c', 1000);
    expect((await limiter.peek('a')).count).toBe(1);
    expect((await limiter.peek('b')).count).toBe(0);
    await limiter.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('on a real Redis (TEST_REDIS_URL)', () => {
  const redis = new Redis(redisUrl ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  afterAll(() => redis.disconnect());
  rateLimiterContract('RedisRateLimiter', () => ({
    limiter: new RedisRateLimiter(redis, `rota:test:${randomUUID()}:`),
  }));

  it('shares one count between two API processes', async () => {
    const other = new Redis(redisUrl ?? '', { lazyConnect: true });
    try {
      const prefix = `rota:test:${randomUUID()}:`;
      const a = new RedisRateLimiter(redis, prefix);
      const b = new RedisRateLimiter(other, prefix);
      await a.hit('login:email:x', 10_000);
      expect((await b.hit('login:email:x', 10_000)).count).toBe(2);
    } finally {
      other.disconnect();
    }
  });
});
