import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A Rota user's GitHub identity and token, made by sign-in with GitHub. One GitHub account links to
 * one user; `forge` names whose account it is, so other forges' accounts can sit beside it.
 * Tokens are AES-256-GCM ciphertext (lib/crypto): a database leak yields no usable GitHub token.
 */
export const githubAccounts = pgTable(
  'github_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    forge: text('forge').notNull().default('github'),
    githubId: bigint('github_id', { mode: 'number' }).notNull().unique(),
    login: text('login').notNull(),
    accessTokenEnc: text('access_token_enc').notNull(),
    /** Null for classic OAuth tokens, which never expire; GitHub App user tokens last 8 hours. */
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenEnc: text('refresh_token_enc'),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scopes: text('scopes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('github_accounts_login_idx').on(table.login)],
);

/**
 * OAuth `state` values between the redirect to GitHub and its return. In the database, not in a
 * process's memory, so whichever API process receives the callback can check it. Only
 * hashes are stored: the state travels in URLs, the browser key in a cookie.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    /** SHA-256 of the random key in the browser's cookie: the state is only good in that browser. */
    browserKeyHash: text('browser_key_hash').notNull(),
    /** The page to return to afterwards (already checked to be a same-site path). */
    returnPath: text('return_path'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oauth_states_expiry_idx').on(table.expiresAt)],
);
