import { jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * A user's settings (spec §3): per section, only what the user chose, so a setting never chosen
 * follows the defaults (contracts' DEFAULT_USER_SETTINGS) and the web can tell a choice from a
 * default. No row until the first save.
 */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  notifications: jsonb('notifications')
    .$type<Record<string, boolean | string | number>>()
    .notNull()
    .default({}),
  integrations: jsonb('integrations').$type<Record<string, boolean>>().notNull().default({}),
  preferences: jsonb('preferences').$type<Record<string, string | null>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
