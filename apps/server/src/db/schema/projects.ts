import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    reviewPrompt: text('review_prompt'),
    /** Post Rota's reviews to GitHub as pull-request reviews and commit statuses (off unless asked). */
    publishReviews: boolean('publish_reviews').notNull().default(false),
    /**
     * Name and description folded for search (lower case, Turkish dotted/dotless i unified,
     * diacritics dropped), written by the service. PostgreSQL's lower() follows the database
     * locale, which is C in PGlite, so folding in SQL would miss Turkish letters.
     */
    searchText: text('search_text').notNull().default(''),
    status: text('status', { enum: ['active', 'inactive', 'archived'] })
      .notNull()
      .default('active'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('projects_owner_updated_idx').on(table.ownerId, table.updatedAt),
    check('projects_status_check', sql`${table.status} in ('active', 'inactive', 'archived')`),
  ],
);

export const projectRepos = pgTable(
  'project_repos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Display name; defaults to the repository name. */
    name: text('name').notNull(),
    owner: text('owner').notNull(),
    repo: text('repo').notNull(),
    /** parseRepositoryUrl's key: the same repository written two ways is one repository. */
    repoKey: text('repo_key').notNull(),
    url: text('url').notNull(),
    branch: text('branch').notNull().default('main'),
    /** The order the user gave the repositories in; lists follow it. */
    position: integer('position').notNull().default(0),
    provider: text('provider', {
      enum: ['github', 'gitlab', 'bitbucket', 'git', 'local'],
    }).notNull(),
    webhookId: text('webhook_id'),
    /** AES-256-GCM ciphertext; never returned by the API. */
    webhookSecretEnc: text('webhook_secret_enc'),
    webhookInstalled: boolean('webhook_installed').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('project_repos_project_idx').on(table.projectId),
    uniqueIndex('project_repos_project_key_unique').on(table.projectId, table.repoKey),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    avatar: text('avatar'),
    /** Free text (spec §6): not enforced anywhere. */
    role: text('role'),
    contributions: integer('contributions').notNull().default(0),
    githubLogin: text('github_login'),
    /** The member's team (project_teams), or none. Not a foreign key here: teams.ts points back. */
    teamId: uuid('team_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('project_members_project_idx').on(table.projectId)],
);
