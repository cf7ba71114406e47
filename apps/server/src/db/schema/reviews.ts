import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReviewCoverage, ReviewFinding, ReviewLlm } from '@rota/contracts';
import { users } from './users.js';

/**
 * Rota's own reviews of pull requests, not GitHub's (those are `pull_request_reviews`).
 * One row per pull request, head commit and configuration: `config_key` hashes everything that
 * decides the result (the rules engine's version and options; with the LLM reviewer its model,
 * version and the project's prompt), so a repeated trigger finds the row and never does the work
 * twice, while a new engine version, model or prompt reviews again. `scope` keeps private data private as in
 * `pull_requests`: '' for a public repository, the reading user's id otherwise.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    forge: text('forge').notNull().default('github'),
    /** `owner/repo` in lower case. */
    repoKey: text('repo_key').notNull(),
    scope: text('scope').notNull().default(''),
    number: integer('number').notNull(),
    headSha: text('head_sha').notNull(),
    configKey: text('config_key').notNull(),
    /** The verdict; pending until the job decides it. */
    status: text('status', {
      enum: ['pending', 'approved', 'changes_requested', 'commented'],
    })
      .notNull()
      .default('pending'),
    /** How the review ended; null while queued or running. */
    outcome: text('outcome', { enum: ['reviewed', 'skipped', 'superseded', 'failed'] }),
    skippedReason: text('skipped_reason', { enum: ['draft', 'bot', 'closed'] }),
    /** English: why this verdict (or why skipped, superseded, failed). */
    reason: text('reason'),
    engine: text('engine', { enum: ['rules', 'rules+llm'] })
      .notNull()
      .default('rules'),
    findings: jsonb('findings').$type<ReviewFinding[]>().notNull().default([]),
    coverage: jsonb('coverage').$type<ReviewCoverage | null>(),
    /** The LLM reviewer's model, prompt, summary, files not sent and failure; null without it. */
    llm: jsonb('llm').$type<ReviewLlm | null>(),
    trigger: text('trigger', { enum: ['webhook', 'manual'] }).notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** Whose forge credentials read the pull request (the job acts as them). */
    readerId: uuid('reader_id').references(() => users.id, { onDelete: 'set null' }),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    /**
     * Publishing to GitHub (a project with `publish_reviews`): when the review and its commit status
     * were posted, GitHub's id of the posted review (set as soon as it exists, so a retry never posts
     * it twice), the event actually used and, when GitHub refused the verdict's own event on the
     * author's pull request, that it fell back to a comment. The last failure, if any, apart.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedReviewId: bigint('published_review_id', { mode: 'number' }),
    publishedEvent: text('published_event', { enum: ['APPROVE', 'REQUEST_CHANGES', 'COMMENT'] }),
    publishFallback: text('publish_fallback', { enum: ['own_pull_request'] }),
    publishErrorCode: text('publish_error_code'),
    publishErrorMessage: text('publish_error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('reviews_pr_head_config_unique').on(
      table.forge,
      table.repoKey,
      table.scope,
      table.number,
      table.headSha,
      table.configKey,
    ),
    // A repository's or project's reviews, newest first.
    index('reviews_repo_created_idx').on(table.forge, table.repoKey, table.createdAt),
    // Superseding: the unfinished reviews of one pull request.
    index('reviews_open_idx')
      .on(table.forge, table.repoKey, table.scope, table.number)
      .where(sql`${table.outcome} is null`),
  ],
);

export type ReviewRow = typeof reviews.$inferSelect;
