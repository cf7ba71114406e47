import { sql, type SQL } from 'drizzle-orm';
import { KNOWN_AGENT_LOGINS, KNOWN_BOT_LOGINS } from '@rota/analysis';

/*
 * The SQL pieces every analytics statement shares (definitions in docs/metrics.md "Pull-request
 * flow"): who counts as what, which pull requests are in scope, flow-time aggregates.
 */

// ── Author kinds ────────────────────────────────────────────────────────────────────────────

/** A list of text values as SQL (`in (…)` needs at least one: an empty list matches nothing). */
export function textList(values: readonly string[]): SQL {
  if (values.length === 0) return sql`(null::text)`;
  return sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

/** A constant list of our own (never user input) written into the statement as literals. */
export function literalList(values: readonly string[]): SQL {
  return sql.raw(`(${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')})`);
}

/**
 * The kind of a forge login (docs/metrics.md "Which pull requests, which people"), in SQL: an
 * agent account first (some agents are GitHub Apps too: the agent kind wins), then a bot — GitHub's
 * `Bot` type, a `[bot]` login, or an automation account of the history analysis's list (the one
 * home of both lists: packages/analysis/src/history/identity.ts).
 */
export function authorKindSql(login: SQL, isBot: SQL): SQL {
  return sql`(case
    when lower(coalesce(${login}, '')) in ${literalList(KNOWN_AGENT_LOGINS)} then 'agent'
    when ${isBot} or lower(coalesce(${login}, '')) like '%[bot]'
      or regexp_replace(lower(coalesce(${login}, '')), '\\[bot\\]$', '') in ${literalList(KNOWN_BOT_LOGINS)} then 'bot'
    else 'human' end)`;
}

// ── Pull requests in scope ─────────────────────────────────────────────────────────────────

/** Which stored pull requests a project's figures read, as pull-requests/queries.ts scopes them. */
export interface PrScope {
  /** `owner/repo` keys (lower case) of the project's forge repositories. */
  repoKeys: string[];
  /** The public copy ('' scope) and this user's private one are visible. */
  userId: string;
}

/**
 * The kind of stored pull request `p`: one whose commits name an AI agent in a `Co-authored-by:`
 * trailer is an agent's, whoever opened it (the agent kind wins over human and bot); else its
 * author's kind.
 */
export const pullRequestKindSql = sql`(case when cardinality(p.agent_coauthors) > 0 then 'agent'
  else ${authorKindSql(sql`p.author_login`, sql`p.author_is_bot`)} end)`;

/** The end of a reviewer's kind: a review counts only when a person wrote it. */
export const reviewerKind = authorKindSql(sql`r.author_login`, sql`r.author_is_bot`);

/**
 * A counted review of pull request `p` (docs/metrics.md "Reviews"): submitted (a pending review is
 * a draft only its author sees), by a person, not by the pull request's author.
 */
export const countedReview = sql`r.state <> 'pending' and r.submitted_at is not null
  and r.author_login is not null and r.author_login <> coalesce(p.author_login, '')
  and ${reviewerKind} = 'human'`;

/**
 * One row per visible pull request of the scope with what every figure needs: its kind, size,
 * the moment reviewers could pick it up and the moment of its first counted review. A pull
 * request whose commits name an AI agent in a `Co-authored-by:` trailer is an agent's, whoever
 * opened it (the agent kind wins over human and bot); pickup starts when it was last marked ready
 * for review, else when it was opened (docs/metrics.md).
 */
export function prFactsSql(scope: PrScope): SQL {
  return sql`select p.id, p.repo_key, p.number, p.title, p.url, p.state, p.draft, p.author_login,
      p.created_at, p.updated_at, p.closed_at, p.merged_at, p.head_sha, p.first_commit_at,
      p.review_requests, (p.additions + p.deletions) as size,
      coalesce(p.ready_for_review_at, p.created_at) as pickup_from,
      ${pullRequestKindSql} as kind,
      (select min(r.submitted_at) from pull_request_reviews r
        where r.pull_request_id = p.id and ${countedReview}) as first_review_at
    from pull_requests p
    where p.forge = 'github' and p.repo_key in ${textList(scope.repoKeys)}
      and p.scope in ('', ${scope.userId})`;
}

// ── Rota's reviews ─────────────────────────────────────────────────────────────────────────

/** Rota's finished reviews of the scope's repositories (a CTE `rota` for `rotaCompliance`). */
export function rotaReviewsSql(scope: PrScope): SQL {
  return sql`select r.repo_key, r.number, r.head_sha, r.status, r.finished_at from reviews r
      where r.forge = 'github' and r.repo_key in ${textList(scope.repoKeys)}
        and r.scope in ('', ${scope.userId}) and r.outcome = 'reviewed'`;
}

/**
 * Of pull request `row` (docs/metrics.md "Compliance"): whether Rota ever reviewed it, and the
 * verdict of Rota's latest review of its final head — `reviewed` and `last_verdict` columns.
 */
export function rotaComplianceSql(row: string): SQL {
  const pr = sql.raw(row);
  return sql`exists (select 1 from rota where rota.repo_key = ${pr}.repo_key and rota.number = ${pr}.number) as reviewed,
          (select rota.status from rota where rota.repo_key = ${pr}.repo_key and rota.number = ${pr}.number
            and rota.head_sha = ${pr}.head_sha order by rota.finished_at desc nulls last limit 1) as last_verdict`;
}

/** `column` falls in [since, until]. */
export const within = (column: SQL, since: string, until: string) =>
  sql`(${column} >= ${since}::timestamptz and ${column} <= ${until}::timestamptz)`;

/** Hours from `start` to `end` (null when either is unknown). */
export const hoursBetween = (start: SQL, end: SQL) =>
  sql`(extract(epoch from (${end} - ${start})) / 3600.0)`;

/** The rows a flow time measures (its FlowStat's `count`): its end fell in the period, span ≥ 0. */
export const flowMeasured = (ends: SQL, span: SQL) => sql`(${ends} and ${span} >= 0)`;

/**
 * One flow time as the contract's FlowStat (docs/metrics.md "Flow times"): over the rows where
 * `ends` (its end event fell in the period), spans of zero or more hours are measured; a negative
 * span or an unknown start is counted as not measurable, never clamped.
 */
export function flowStatSql(ends: SQL, span: SQL): SQL {
  const measured = flowMeasured(ends, span);
  return sql`json_build_object(
    'count', count(*) filter (where ${measured}),
    'median', ${flowMedianSql(ends, span)},
    'p75', percentile_cont(0.75) within group (order by ${span}) filter (where ${measured}),
    'avg', avg(${span}) filter (where ${measured}),
    'not_measurable', count(*) filter (where ${ends} and (${span} is null or ${span} < 0)))`;
}

/** The median of one flow time, over the same rows as `flowStatSql` measures (the trends' figure). */
export function flowMedianSql(ends: SQL, span: SQL): SQL {
  return sql`percentile_cont(0.5) within group (order by ${span}) filter (where (${ends} and ${span} >= 0))`;
}

/** Keeps the rows whose login (any case) is one of `logins` (lower-cased); no filter when null. */
export function loginFilter(login: SQL, logins: readonly string[] | null | undefined): SQL {
  return logins ? sql`lower(${login}) in ${textList(logins)}` : sql`true`;
}

export const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
