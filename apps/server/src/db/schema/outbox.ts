import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const OUTBOX_CHANNELS = ['email', 'chat'] as const;
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

/**
 * Every message Rota sends (e-mail, chat), written before it is sent and drained by the
 * `outbox-send` job (modules/outbox, docs/notifications-email.md). The unique dedupe key makes one
 * event and recipient one message; `locked_until` is the lease of the process sending it, so a row
 * whose sender died is sent again once the lease has passed.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    // The drain reads only what may still go out.
    index('outbox_messages_drain_idx')
      .on(table.status, table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'sending')`),
    index('outbox_messages_failed_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} = 'failed'`),
    check('outbox_messages_channel_check', sql`${table.channel} in ('email', 'chat')`),
    check(
      'outbox_messages_status_check',
      sql`${table.status} in ('pending', 'sending', 'sent', 'failed')`,
    ),
  ],
);
