import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { projectRepos, projects } from './projects.js';

/**
 * A deployment of a repository as one source reports it (docs/delivery.md): a GitHub deployment
 * with its latest status, a release, a workflow run, or a git tag of the mirror. Keyed like
 * `pull_requests` (`repo_key`, `scope`) so one copy of a public repository's deployments serves
 * every project holding it; git tags of a local or plain-git repository use its mirror URL as key.
 */
export const deployments = pgTable(
  'deployments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    repoKey: text('repo_key').notNull(),
    scope: text('scope').notNull().default(''),
    source: text('source', {
      enum: ['deployments', 'releases', 'workflow_runs', 'tags'],
    }).notNull(),
    /** The source's own id (deployment or run id, release id, tag name). */
    externalId: text('external_id').notNull(),
    /** Environment, release or tag name, or workflow name: what the pattern is matched against. */
    name: text('name').notNull(),
    sha: text('sha').notNull(),
    ref: text('ref'),
    /** success, failure, error, inactive, in_progress, pending, … as the source reports it. */
    status: text('status').notNull(),
    deployedAt: timestamp('deployed_at', { withTimezone: true }).notNull(),
    url: text('url'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deployments_source_unique').on(
      table.repoKey,
      table.scope,
      table.source,
      table.externalId,
    ),
    index('deployments_repo_time_idx').on(table.repoKey, table.source, table.deployedAt),
  ],
);

/**
 * The commits a deployment brought that no earlier deployment of the same repository and source
 * contained (`git rev-list <sha> ^<earlier shas>` on the mirror): the first deployment containing
 * a commit, so a squash- or rebase-merged pull request is followed by its commit on the base branch.
 */
export const deploymentCommits = pgTable(
  'deployment_commits',
  {
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    sha: text('sha').notNull(),
    authoredAt: timestamp('authored_at', { withTimezone: true }),
    /** The commit's author name and subject line, for the lists behind a lead time. */
    authorName: text('author_name'),
    subject: text('subject'),
  },
  (table) => [
    primaryKey({ columns: [table.deploymentId, table.sha] }),
    index('deployment_commits_sha_idx').on(table.sha),
  ],
);

/**
 * An incident: a GitHub issue with a matching label (keyed by repository), or one posted to the
 * project's incidents endpoint (keyed by project).
 */
export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source', { enum: ['issues', 'api'] }).notNull(),
    /** For issues: the repository's key and scope; null for posted ones. */
    repoKey: text('repo_key'),
    scope: text('scope').notNull().default(''),
    /** For posted incidents: the project they were posted to. */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    url: text('url'),
    /** Label names, for issues (matched against the project's pattern when read). */
    labels: text('labels').array().notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('incidents_issue_unique').on(table.repoKey, table.scope, table.externalId),
    uniqueIndex('incidents_posted_unique').on(table.projectId, table.externalId),
    index('incidents_started_idx').on(table.startedAt),
  ],
);

/** Per project repository: where its deployments come from (absent: `auto`). */
export const repoDeliverySources = pgTable(
  'repo_delivery_sources',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    repoId: uuid('repo_id')
      .notNull()
      .references(() => projectRepos.id, { onDelete: 'cascade' }),
    source: text('source', {
      enum: ['auto', 'deployments', 'releases', 'workflow_runs', 'tags'],
    }).notNull(),
    pattern: text('pattern'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.repoId] })],
);

/** Per project: the incident label pattern and the incidents endpoint's token (hashed). */
export const projectDeliverySettings = pgTable('project_delivery_settings', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  incidentLabelPattern: text('incident_label_pattern'),
  /** SHA-256 of the token; the token itself is shown once. */
  incidentTokenHash: text('incident_token_hash'),
  incidentTokenCreatedAt: timestamp('incident_token_created_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When each source of a repository was last read, and how it went (one row per source). */
export const deliverySyncs = pgTable(
  'delivery_syncs',
  {
    repoKey: text('repo_key').notNull(),
    scope: text('scope').notNull().default(''),
    source: text('source', {
      enum: ['deployments', 'releases', 'workflow_runs', 'tags', 'issues'],
    }).notNull(),
    status: text('status', { enum: ['synced', 'failed'] }).notNull(),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    error: text('error'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.repoKey, table.scope, table.source] })],
);
