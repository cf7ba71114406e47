import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Analysis results, keyed by what they were computed from: the repository (its mirror URL), the
 * analysis kind, the input revision (a commit sha, or a fingerprint of all refs for branch
 * analysis) and the analyzer version. Asking again for the same key costs nothing; a new commit
 * or a new engine version makes a new row, and the previous one stays readable (shown as stale).
 */
export const analysisResults = pgTable(
  'analysis_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    repoUrl: text('repo_url').notNull(),
    kind: text('kind').notNull(),
    revision: text('revision').notNull(),
    /** The commit the result describes (the branch head; for branch analysis the default branch head). */
    commitSha: text('commit_sha'),
    analyzerVersion: text('analyzer_version').notNull(),
    result: jsonb('result').notNull(),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('analysis_results_key_unique').on(
      table.repoUrl,
      table.kind,
      table.revision,
      table.analyzerVersion,
    ),
    index('analysis_results_latest_idx').on(table.repoUrl, table.kind, table.createdAt),
  ],
);
