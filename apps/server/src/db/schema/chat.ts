import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ChatFormat, ChatTopic } from '@rota/contracts';
import { projects } from './projects.js';

/**
 * A project's outgoing chat webhooks (the chat module). `url_enc` is the webhook URL AES-256-GCM
 * encrypted (lib/crypto, the key of GitHub tokens): whoever holds it may post to the channel, so it
 * is never answered whole; `url_hint` is what answers show of it (scheme, host, last characters).
 */
export const chatDestinations = pgTable(
  'chat_destinations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    format: text('format', { enum: ['slack', 'teams', 'mattermost'] })
      .$type<ChatFormat>()
      .notNull(),
    urlEnc: text('url_enc').notNull(),
    urlHint: text('url_hint').notNull(),
    topics: jsonb('topics').$type<ChatTopic[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_destinations_project_idx').on(table.projectId, table.createdAt)],
);

export type ChatDestinationRow = typeof chatDestinations.$inferSelect;
