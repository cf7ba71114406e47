import {
  boolean,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * Repositories a user watches (spec §7 Repos). Owner and name as the forge spells them; the
 * lower-case key makes watching `Acme/API` after `acme/api` the same row (GitHub names are
 * case-insensitive).
 */
export const watchedRepos = pgTable(
  'watched_repos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    forge: text('forge').notNull().default('github'),
    owner: text('owner').notNull(),
    repo: text('repo').notNull(),
    /** `owner/repo` in lower case. */
    repoKey: text('repo_key').notNull(),
    htmlUrl: text('html_url').notNull(),
    private: boolean('private').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('watched_repos_user_key_unique').on(table.userId, table.forge, table.repoKey),
  ],
);

/**
 * What the `github-repo-refresh` job last read from a forge about one repository: metadata, the
 * latest commits, contributors and open pull requests (`data`), when (`fetchedAt`), and why the last
 * attempt failed (`error`; earlier data stays and is served marked stale).
 *
 * `scope` keeps private data private: '' for a public repository (one row serves everybody), the
 * user's id for a private one (read with that user's token, shown only to that user's projects).
 */
export const githubRepoSnapshots = pgTable(
  'github_repo_snapshots',
  {
    forge: text('forge').notNull().default('github'),
    /** `owner/repo` in lower case. */
    repoKey: text('repo_key').notNull(),
    scope: text('scope').notNull().default(''),
    data: jsonb('data'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
    error: jsonb('error').$type<{ code: string; message: string } | null>(),
    /** When a refresh last finished, successfully or not: reads queue the next one after it. */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.forge, table.repoKey, table.scope] })],
);
