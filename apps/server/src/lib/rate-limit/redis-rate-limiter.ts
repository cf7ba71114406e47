import type { Redis } from 'ioredis';
import type { RateLimitHit, RateLimiter } from './rate-limiter.js';

// INCR and the first PEXPIRE in one script, so a crash between them cannot leave a key that
// never expires (which would lock an e-mail out for good).
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

// Reads count and time left together; a missing key stays missing (GET creates nothing).
const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then ttl = 0 end
return {tonumber(count), ttl}
`;

export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'rota:rl:',
  ) {}

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const [count, ttl] = (await this.redis.eval(
      HIT_SCRIPT,
      1,
      this.prefix + key,
      String(windowMs),
    )) as [number, number];
    return { count, resetInMs: ttl };
  }

  async peek(key: string): Promise<RateLimitHit> {
    const [count, ttl] = (await this.redis.eval(PEEK_SCRIPT, 1, this.prefix + key)) as [
      number,
      number,
    ];
    return { count, resetInMs: ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    // The Redis connection belongs to whoever created it.
  }
}
