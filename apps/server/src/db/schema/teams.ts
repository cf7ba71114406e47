import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { projectMembers, projects } from './projects.js';

/** A team of a project's members (docs/teams.md); a member belongs to at most one team. */
export const projectTeams = pgTable(
  'project_teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('project_teams_project_name_unique').on(table.projectId, table.name)],
);

/**
 * A commit identity (an e-mail or a name, lower-cased in `key`) claimed by one member of a project,
 * so the member's commits are counted and their figures include them.
 */
export const memberIdentities = pgTable(
  'member_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => projectMembers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email', 'name'] }).notNull(),
    value: text('value').notNull(),
    /** `value` lower-cased: what commits are matched on. */
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_identities_project_key_unique').on(table.projectId, table.kind, table.key),
    index('member_identities_member_idx').on(table.memberId),
  ],
);
