import type { Redis } from 'ioredis';
import type { CachedAnswer, HttpCacheStore } from './http-cache-store.js';

/** An answer nobody asked for in 30 days is dropped (the table keeps them; Redis need not). */
const TTL_S = 30 * 24 * 3600;

/** Stored GitHub answers with their ETags in Redis (REDIS_URL). */
export class RedisHttpCache implements HttpCacheStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'rota:http:',
  ) {}

  async get(key: string): Promise<CachedAnswer | undefined> {
    const text = await this.redis.get(this.prefix + key);
    if (!text) return undefined;
    const stored = JSON.parse(text) as Omit<CachedAnswer, 'storedAt'> & { storedAt: string };
    return { ...stored, storedAt: new Date(stored.storedAt) };
  }

  async put(key: string, answer: Omit<CachedAnswer, 'storedAt'>): Promise<void> {
    const value = JSON.stringify({ ...answer, storedAt: new Date().toISOString() });
    await this.redis.set(this.prefix + key, value, 'EX', TTL_S);
  }
}
