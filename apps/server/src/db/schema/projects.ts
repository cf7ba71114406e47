import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    owner: text('owner').notNull(),
    repo: text('repo').notNull(),
    url: text('url').notNull(),
    branch: text('branch').notNull().default('main'),
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
  (table) => [index('project_repos_project_idx').on(table.projectId)],
);
