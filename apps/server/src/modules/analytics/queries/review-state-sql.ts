import { sql, type SQL } from 'drizzle-orm';
import { REVIEW_STATE_PRECEDENCE, type PullRequestReviewState } from '@rota/contracts';

/**
 * A pull request's review state in SQL: `holds` says, per state, when it applies, and the first
 * state of the contracts' REVIEW_STATE_PRECEDENCE that holds is the answer, as the contracts'
 * reviewStateOf decides it for the pull-request list (review-state-sql.test.ts runs both).
 */
export function reviewStateSql(holds: Record<PullRequestReviewState, SQL>): SQL {
  const branches = REVIEW_STATE_PRECEDENCE.map(
    (state) => sql`when ${holds[state]} then ${state}::text`,
  );
  return sql`(case ${sql.join(branches, sql` `)} end)`;
}
