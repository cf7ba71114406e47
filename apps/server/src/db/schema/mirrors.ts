import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One bare mirror per remote URL, shared by every project repository with that URL. */
export const repoMirrors = pgTable('repo_mirrors', {
  url: text('url').primaryKey(),
  /** Folder under DATA_DIR/repos (relative, so DATA_DIR can move). */
  path: text('path').notNull(),
  defaultBranch: text('default_branch'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
