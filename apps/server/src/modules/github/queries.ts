import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { httpCache } from '../../db/schema/index.js';
import type { CachedAnswer, HttpCacheStore } from './http-cache-store.js';

/** Stored GitHub answers with their ETags in the `http_cache` table. */
export class HttpCache implements HttpCacheStore {
  constructor(private readonly db: Database) {}

  async get(key: string): Promise<CachedAnswer | undefined> {
    const [row] = await this.db.select().from(httpCache).where(eq(httpCache.key, key)).limit(1);
    return row;
  }

  async put(key: string, answer: Omit<CachedAnswer, 'storedAt'>): Promise<void> {
    const row = { key, ...answer, storedAt: new Date() };
    await this.db
      .insert(httpCache)
      .values(row)
      .onConflictDoUpdate({ target: httpCache.key, set: row });
  }
}
