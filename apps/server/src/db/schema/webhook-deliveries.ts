import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const WEBHOOK_DELIVERY_STATUSES = ['received', 'processed', 'failed'] as const;

/**
 * Every webhook delivery a forge sent, recorded before it is acknowledged (so a process that dies
 * after answering still has it: deliveries left `received` are enqueued again at start). The
 * forge's delivery id is unique per forge, which makes a redelivered or replayed delivery a no-op.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which forge sent it ('github'); rows name their forge so others can be added. */
    forge: text('forge').notNull(),
    /** GitHub's X-GitHub-Delivery. */
    deliveryId: text('delivery_id').notNull(),
    /** GitHub's X-GitHub-Event (ping, push, pull_request, …). */
    event: text('event').notNull(),
    /** owner/name as the payload names it. */
    repository: text('repository').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('received'),
    /** Why processing failed (for operators; never shown to the sender). */
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_forge_delivery_unique').on(table.forge, table.deliveryId),
    // Start-up recovery looks for what was recorded but never processed.
    index('webhook_deliveries_pending_idx')
      .on(table.receivedAt)
      .where(sql`${table.status} = 'received'`),
    check(
      'webhook_deliveries_status_check',
      sql`${table.status} in ('received', 'processed', 'failed')`,
    ),
  ],
);
