import { sql, type SQL } from 'drizzle-orm';
import { REVIEW_STATE_PRECEDENCE, type PullRequestReviewState } from '@rota/contracts';

/**
 * A pull request's review state in SQL: `holds` says, per state, when it applies, and the first
 * state of the contracts' REVIEW_STATE_PRECEDENCE that holds is the answer, the order the
 * pull-request list (pull-requests/review-state.ts) decides by.
 */
export function reviewStateSql(holds: Record<PullRequestReviewState, SQL>): SQL {
  const branches = REVIEW_STATE_PRECEDENCE.map(
    (state) => sql`when ${holds[state]} then ${state}::text`,
  );
  return sql`(case ${sql.join(branches, sql` `)} end)`;
}
