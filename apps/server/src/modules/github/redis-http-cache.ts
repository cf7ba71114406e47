import type { Redis } from 'ioredis';
import {
  isUnder,
  urlOfKey,
  type CachedAnswer,
  type HttpCacheStore,
  type StoreFigures,
} from './http-cache-store.js';

/** An answer nobody asked for in 30 days is dropped (the table keeps them; Redis need not). */
const TTL_S = 30 * 24 * 3600;
/** Keys asked for per SCAN step and per pipeline. */
const BATCH = 500;

/** Stored GitHub answers with their ETags in Redis (REDIS_URL). */
export class RedisHttpCache implements HttpCacheStore {
  readonly kind = 'redis';

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

  /**
   * `bytes`: the values' lengths. Every put sets the 30-day expiry afresh, so an entry's remaining
   * time says when it was stored without reading it. A walk over the keys (SCAN, pipelined), as
   * Redis keeps no count per prefix: its cost grows with the entries, for an operator's call.
   */
  async figures(): Promise<StoreFigures> {
    let entries = 0;
    let bytes = 0;
    let lowestTtl = Infinity;
    for await (const keys of this.keyBatches()) {
      const pipeline = this.redis.pipeline();
      for (const key of keys) pipeline.strlen(key).ttl(key);
      const answers = (await pipeline.exec()) ?? [];
      for (let i = 0; i < keys.length; i += 1) {
        const length = Number(answers[2 * i]?.[1] ?? 0);
        const ttl = Number(answers[2 * i + 1]?.[1] ?? -2);
        if (ttl === -2) continue; // expired or deleted since the scan saw it
        entries += 1;
        bytes += length;
        if (ttl >= 0) lowestTtl = Math.min(lowestTtl, ttl);
      }
    }
    const oldest = Number.isFinite(lowestTtl)
      ? new Date(Date.now() - (TTL_S - lowestTtl) * 1000)
      : null;
    return { entries, bytes, oldest };
  }

  async deleteUnder(url: string): Promise<number> {
    return this.deleteKeys((key) => isUnder(urlOfKey(key.slice(this.prefix.length)), url));
  }

  async clear(): Promise<number> {
    return this.deleteKeys(() => true);
  }

  private async deleteKeys(matches: (key: string) => boolean): Promise<number> {
    let removed = 0;
    for await (const keys of this.keyBatches()) {
      const chosen = keys.filter(matches);
      if (chosen.length > 0) removed += await this.redis.unlink(...chosen);
    }
    return removed;
  }

  /** The prefix's keys in batches; SCAN may return a key twice, each batch is deduplicated. */
  private async *keyBatches(): AsyncGenerator<string[]> {
    const seen = new Set<string>();
    const stream = this.redis.scanStream({ match: `${escapeGlob(this.prefix)}*`, count: BATCH });
    for await (const batch of stream as AsyncIterable<string[]>) {
      const fresh = batch.filter((key) => !seen.has(key));
      for (const key of fresh) seen.add(key);
      if (fresh.length > 0) yield fresh;
    }
  }
}

/** The prefix as a literal in a SCAN pattern. */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');
