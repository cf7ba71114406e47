import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NotificationKind, NotificationSubject } from '@rota/contracts';
import { projects } from './projects.js';
import { users } from './users.js';

/**
 * What Rota told a user (spec §3's notification kinds). `event_key` names the event it was made
 * from (a delivery's pull request and action, a review, a breach, a failed job): one event notifies
 * a user once, however often it is delivered or synced again.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    subject: jsonb('subject').$type<NotificationSubject>().notNull(),
    detail: jsonb('detail')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default({}),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('notifications_user_event_unique').on(table.userId, table.eventKey),
    // The list: a user's notifications, newest first (id breaks ties for the keyset cursor).
    index('notifications_user_created_idx').on(table.userId, table.createdAt, table.id),
    // The unread count.
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);
