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
    /**
     * The project of whoever first asked (for operators). Set null, not cascaded, when that project
     * goes: the job may be shared, and other users' handles still wait on it.
     */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
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

/**
 * What one user holds of a job. Jobs are shared — the same repository, branch and kind
 * is one clone and one computation whoever asks — but each request that starts, joins or shows a
 * job gets the asker a handle, and the API only ever speaks of handles: `GET /api/jobs/{id}` reads
 * the caller's handle, cancelling ends the handle, and the shared job stops only when no live
 * handle waits on it any more. A user has one live handle per job and project (the unique index).
 */
export const jobHandles = pgTable(
  'job_handles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The project the request was for (null for repository analyses outside a project). */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the user cancelled; the job itself may go on for other users' handles. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    // NULL projects compare equal here (coalesce), so repeated ad-hoc requests share one handle.
    uniqueIndex('job_handles_live_unique')
      .on(
        table.jobId,
        table.ownerId,
        sql`coalesce(${table.projectId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      )
      .where(sql`${table.cancelledAt} is null`),
    index('job_handles_owner_idx').on(table.ownerId, table.createdAt),
    index('job_handles_job_idx').on(table.jobId),
    index('job_handles_project_idx').on(table.projectId),
  ],
);
