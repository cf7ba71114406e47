import { sql, type SQL } from 'drizzle-orm';
import { authorKindSql, textList } from './author-kind-sql.js';

/** Which stored pull requests a project's figures read, as pull-requests/queries.ts scopes them. */
export interface PrScope {
  /** `owner/repo` keys (lower case) of the project's forge repositories. */
  repoKeys: string[];
  /** The public copy ('' scope) and this user's private one are visible. */
  userId: string;
}

/** The end of a reviewer's kind: a review counts only when a person wrote it. */
const reviewerKind = authorKindSql(sql`r.author_login`, sql`r.author_is_bot`);

/**
 * A counted review of pull request `p` (docs/metrics.md "Reviews"): submitted (a pending review is
 * a draft only its author sees), by a person, not by the pull request's author.
 */
export const countedReview = sql`r.state <> 'pending' and r.submitted_at is not null
  and r.author_login is not null and r.author_login <> coalesce(p.author_login, '')
  and ${reviewerKind} = 'human'`;

/**
 * One row per visible pull request of the scope with what every figure needs: its author kind,
 * size and the moment of its first counted review.
 */
export function prFactsSql(scope: PrScope): SQL {
  return sql`select p.id, p.repo_key, p.number, p.title, p.url, p.state, p.draft, p.author_login,
      p.created_at, p.updated_at, p.closed_at, p.merged_at, p.head_sha, p.first_commit_at,
      p.review_requests, (p.additions + p.deletions) as size,
      ${authorKindSql(sql`p.author_login`, sql`p.author_is_bot`)} as kind,
      (select min(r.submitted_at) from pull_request_reviews r
        where r.pull_request_id = p.id and ${countedReview}) as first_review_at
    from pull_requests p
    where p.forge = 'github' and p.repo_key in ${textList(scope.repoKeys)}
      and p.scope in ('', ${scope.userId})`;
}

/** `column` falls in [since, until]. */
export const within = (column: SQL, since: string, until: string) =>
  sql`(${column} >= ${since}::timestamptz and ${column} <= ${until}::timestamptz)`;

/** Hours from `start` to `end` (null when either is unknown). */
export const hoursBetween = (start: SQL, end: SQL) =>
  sql`(extract(epoch from (${end} - ${start})) / 3600.0)`;

/**
 * One flow time as the contract's FlowStat (docs/metrics.md "Flow times"): over the rows where
 * `ends` (its end event fell in the period), spans of zero or more hours are measured; a negative
 * span or an unknown start is counted as not measurable, never clamped.
 */
export function flowStatSql(ends: SQL, span: SQL): SQL {
  const measured = sql`(${ends} and ${span} >= 0)`;
  return sql`json_build_object(
    'count', count(*) filter (where ${measured}),
    'median', percentile_cont(0.5) within group (order by ${span}) filter (where ${measured}),
    'p75', percentile_cont(0.75) within group (order by ${span}) filter (where ${measured}),
    'avg', avg(${span}) filter (where ${measured}),
    'not_measurable', count(*) filter (where ${ends} and (${span} is null or ${span} < 0)))`;
}
