import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A personal access token a user connected in their settings: GitHub calls made for them use it
 * before their sign-in token. AES-256-GCM ciphertext (lib/crypto), never sent back; the login and
 * scopes are what GitHub answered when the token was checked.
 */
export const githubPersonalTokens = pgTable('github_personal_tokens', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenEnc: text('token_enc').notNull(),
  login: text('login').notNull(),
  /** GitHub's `x-oauth-scopes` as it came; null when GitHub listed none (fine-grained tokens). */
  scopes: text('scopes'),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
