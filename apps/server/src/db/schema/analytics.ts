import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './projects.js';

/**
 * A project's computed analytics, one row per period and author filter: the answer of
 * `GET /api/projects/{id}/analytics` as it was last computed. `stale` is set when something the
 * figures read changes (pull requests stored, a Rota review finished, an analysis stored, the
 * project's repositories edited); the next read computes the row again.
 */
export const projectAnalytics = pgTable(
  'project_analytics',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    days: integer('days').notNull(),
    /**
     * The period and filters the answer is for (`from..to@timeZone`, team): '' for the preset
     * `days` ending today in UTC, as answers were keyed before custom periods.
     */
    periodKey: text('period_key').notNull().default(''),
    authors: text('authors', { enum: ['humans', 'bots', 'agents', 'all'] }).notNull(),
    data: jsonb('data').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
    stale: boolean('stale').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.days, table.periodKey, table.authors] }),
  ],
);
