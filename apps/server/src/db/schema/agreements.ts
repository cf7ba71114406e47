import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './projects.js';
import { pullRequests } from './pull-requests.js';

/** A project's working agreements (docs/agreements.md): one row per kind the team has set. */
export const projectAgreements = pgTable(
  'project_agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    threshold: integer('threshold'),
    enabled: boolean('enabled').notNull().default(false),
    includeBots: boolean('include_bots').notNull().default(false),
    includeAgents: boolean('include_agents').notNull().default(false),
    /** When it was last switched on: pull requests that broke it before do not notify. */
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('project_agreements_project_kind_unique').on(table.projectId, table.kind),
  ],
);

/** A project's working time, which "working hours" agreements are measured in. */
export const projectWorkingTimes = pgTable('project_working_times', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  /** ISO weekdays: 1 Monday … 7 Sunday. */
  weekdays: integer('weekdays').array().notNull(),
  /** Minutes after local midnight. */
  startMinute: integer('start_minute').notNull(),
  endMinute: integer('end_minute').notNull(),
});

/**
 * A pull request that broke an agreement: recorded once ever per agreement and pull request.
 * `notified` is false for breaches older than the agreement's `enabled_at` (recorded, not announced).
 */
export const agreementBreaches = pgTable(
  'agreement_breaches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => projectAgreements.id, { onDelete: 'cascade' }),
    pullRequestId: uuid('pull_request_id')
      .notNull()
      .references(() => pullRequests.id, { onDelete: 'cascade' }),
    breachedAt: timestamp('breached_at', { withTimezone: true }).notNull(),
    notified: boolean('notified').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('agreement_breaches_agreement_pr_unique').on(
      table.agreementId,
      table.pullRequestId,
    ),
    index('agreement_breaches_pr_idx').on(table.pullRequestId),
  ],
);
