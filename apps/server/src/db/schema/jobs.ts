import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './projects.js';
import { users } from './users.js';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;

/**
 * Every background job, whichever queue runs it. The table is the truth the UI reads (from any
 * process), and its partial unique index on the dedupe key is what makes "the same work twice" one
 * job, with or without Redis.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    stage: text('stage'),
    progress: integer('progress').notNull().default(0),
    payload: jsonb('payload').notNull().default({}),
    result: jsonb('result'),
    /** `{code, message}` of the last failure; user-facing, never a stack trace. */
    error: jsonb('error'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('jobs_active_dedupe_unique')
      .on(table.dedupeKey)
      .where(sql`${table.status} in ('queued', 'running')`),
    index('jobs_claim_idx').on(table.status, table.runAfter),
    index('jobs_project_idx').on(table.projectId),
    check(
      'jobs_status_check',
      sql`${table.status} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`,
    ),
    check('jobs_progress_check', sql`${table.progress} between 0 and 100`),
  ],
);
