import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A reviewer asked for on a pull request: a user or bot (login), or a team (slug). */
export interface StoredReviewRequest {
  login: string;
  avatarUrl: string | null;
  kind: 'user' | 'bot' | 'team';
}

/**
 * Every pull request of a forge repository, as the `pull-request-sync` job last read it. Like
 * `github_repo_snapshots`, `scope` keeps private data private: '' for a public repository (one
 * copy serves everybody), the id of the user whose token read it for a private one.
 */
export const pullRequests = pgTable(
  'pull_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    forge: text('forge').notNull().default('github'),
    /** `owner/repo` in lower case. */
    repoKey: text('repo_key').notNull(),
    scope: text('scope').notNull().default(''),
    number: integer('number').notNull(),
    /** The forge's node id (GitHub's `PR_…`). */
    nodeId: text('node_id').notNull(),
    title: text('title').notNull(),
    state: text('state', { enum: ['open', 'closed', 'merged'] }).notNull(),
    draft: boolean('draft').notNull().default(false),
    authorLogin: text('author_login'),
    authorAvatarUrl: text('author_avatar_url'),
    authorIsBot: boolean('author_is_bot').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    mergedAt: timestamp('merged_at', { withTimezone: true }),
    additions: integer('additions').notNull().default(0),
    deletions: integer('deletions').notNull().default(0),
    changedFiles: integer('changed_files').notNull().default(0),
    headRef: text('head_ref').notNull(),
    headSha: text('head_sha').notNull(),
    /**
     * The commit the merge put on the base branch (GraphQL `mergeCommit.oid`): the merge commit, the
     * squashed commit, or the last rebased one. What deployments are matched on (docs/delivery.md).
     */
    mergeCommitSha: text('merge_commit_sha'),
    baseRef: text('base_ref').notNull(),
    url: text('url').notNull(),
    /** The first commit's date: where cycle time starts (work began before the PR was opened). */
    firstCommitAt: timestamp('first_commit_at', { withTimezone: true }),
    /**
     * When it was last marked ready for review (GitHub's `ReadyForReviewEvent`): where time to first
     * review starts for a pull request opened as a draft. Null when it never was one.
     */
    readyForReviewAt: timestamp('ready_for_review_at', { withTimezone: true }),
    /** The AI agents named in its commits' `Co-authored-by:` trailers: it counts as an agent's. */
    agentCoauthors: text('agent_coauthors').array().notNull().default([]),
    comments: integer('comments').notNull().default(0),
    reviewRequests: jsonb('review_requests').$type<StoredReviewRequest[]>().notNull().default([]),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pull_requests_repo_number_unique').on(
      table.forge,
      table.repoKey,
      table.scope,
      table.number,
    ),
    // The project list: its repositories, one state, newest activity first.
    index('pull_requests_list_idx').on(
      table.forge,
      table.repoKey,
      table.scope,
      table.state,
      table.updatedAt,
    ),
  ],
);

/** GitHub's reviews of a stored pull request (not Rota's own reviews). */
export const pullRequestReviews = pgTable(
  'pull_request_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pullRequestId: uuid('pull_request_id')
      .notNull()
      .references(() => pullRequests.id, { onDelete: 'cascade' }),
    /** The forge's id of the review. */
    reviewId: text('review_id').notNull(),
    state: text('state', {
      enum: ['approved', 'changes_requested', 'commented', 'dismissed', 'pending'],
    }).notNull(),
    authorLogin: text('author_login'),
    authorAvatarUrl: text('author_avatar_url'),
    authorIsBot: boolean('author_is_bot').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pull_request_reviews_pr_review_unique').on(table.pullRequestId, table.reviewId),
  ],
);

/**
 * Per repository and scope: how far the sync got. `watermark` is the newest `updatedAt` of the last
 * complete sync; the next one reads only pull requests updated since. It only moves when a sync
 * completes, so a failed one is read again in full from where the last good one stopped.
 */
export const pullRequestSyncs = pgTable(
  'pull_request_syncs',
  {
    forge: text('forge').notNull().default('github'),
    repoKey: text('repo_key').notNull(),
    scope: text('scope').notNull().default(''),
    watermark: timestamp('watermark', { withTimezone: true }),
    status: text('status', { enum: ['synced', 'failed'] }).notNull(),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    error: jsonb('error').$type<{ code: string; message: string } | null>(),
    prCount: integer('pr_count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.forge, table.repoKey, table.scope] })],
);
