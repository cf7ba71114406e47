import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased; unique. */
    email: text('email').notNull().unique(),
    name: text('name').notNull(),
    /** argon2id; null for accounts that only sign in through GitHub. */
    passwordHash: text('password_hash'),
    avatarUrl: text('avatar_url'),
    /**
     * `admin` or `member`. An account made while the installation has no administrator becomes
     * one (modules/users, under a transaction lock); the last administrator cannot be demoted.
     */
    role: text('role').notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('users_role_check', sql`${table.role} in ('admin', 'member')`),
    index('users_admin_idx')
      .on(table.role)
      .where(sql`${table.role} = 'admin'`),
  ],
);

/**
 * Refresh tokens are opaque random strings; only their SHA-256 is stored. Each sign-in starts a
 * family; every rotation adds a row to it. Presenting a rotated (revoked) token again revokes the
 * whole family, because only a thief or a replayed request would still hold it.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
    index('refresh_tokens_active_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.revokedAt} is null`),
  ],
);
