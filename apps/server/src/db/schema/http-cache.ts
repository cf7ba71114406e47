import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * GitHub answers kept with their ETags, so the next request is conditional: a 304 costs no rate
 * limit and the stored body is served again. Keyed per credential (ETags and private data differ
 * per token); the token itself is never stored, only a hash of it inside the key.
 */
export const httpCache = pgTable('http_cache', {
  key: text('key').primaryKey(),
  etag: text('etag').notNull(),
  body: jsonb('body').notNull(),
  /** The few response headers worth replaying (link for pagination). */
  headers: jsonb('headers').$type<Record<string, string>>().notNull(),
  storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
});
