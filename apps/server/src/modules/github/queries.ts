import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { rowsOf } from '../../db/map-row.js';
import { httpCache } from '../../db/schema/index.js';
import type { CachedAnswer, HttpCacheStore, StoreFigures } from './http-cache-store.js';

/** Keys are `<credential key> <URL>`; the credential key has no space. */
const storedUrl = sql`lower(split_part(${httpCache.key}, ' ', 2))`;

/** Stored GitHub answers with their ETags in the `http_cache` table. */
export class HttpCache implements HttpCacheStore {
  readonly kind = 'database';

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

  /** `bytes`: the rows as PostgreSQL stores them (`pg_column_size`, compressed). */
  async figures(): Promise<StoreFigures> {
    const [row] = await this.db
      .select({
        entries: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(pg_column_size(${httpCache}.*)), 0)::bigint`,
        oldest: sql<string | null>`min(${httpCache.storedAt})`,
      })
      .from(httpCache);
    return {
      entries: Number(row?.entries ?? 0),
      bytes: Number(row?.bytes ?? 0),
      oldest: row?.oldest ? new Date(row.oldest) : null,
    };
  }

  deleteUnder(url: string): Promise<number> {
    const base = url.toLowerCase();
    return this.deleteWhere(
      sql`${storedUrl} = ${base} or starts_with(${storedUrl}, ${`${base}/`})
        or starts_with(${storedUrl}, ${`${base}?`})`,
    );
  }

  clear(): Promise<number> {
    return this.deleteWhere(sql`true`);
  }

  /** One statement that deletes and answers only the count (a table of answers can be large). */
  private async deleteWhere(condition: SQL): Promise<number> {
    const result = await this.db.execute(
      sql`with gone as (delete from ${httpCache} where ${condition} returning 1)
        select count(*)::int as removed from gone`,
    );
    return Number(rowsOf(result)[0]?.removed ?? 0);
  }
}
