import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { KNOWN_AGENT_LOGINS, KNOWN_BOT_LOGINS } from '@rota/analysis';
import type { AnalyticsAuthors, FlowStat, ProjectAnalytics } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { projectAnalytics, projectRepos } from '../../db/schema/index.js';
import { ANALYZE_JOB } from '../analysis/analyze-job.js';

/*
 * Every statement of the analytics (issue 12; definitions in docs/metrics.md "Pull-request
 * flow"), in the one file of the module that touches Drizzle: who counts as what, the pull-request
 * figures of a project, the dashboard's, the stored analyses they read, and the stored answers.
 */

// ── Author kinds ────────────────────────────────────────────────────────────────────────────

/** A list of text values as SQL (`in (…)` needs at least one: an empty list matches nothing). */
function textList(values: readonly string[]): SQL {
  if (values.length === 0) return sql`(null::text)`;
  return sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
}

/** A constant list of our own (never user input) written into the statement as literals. */
function literalList(values: readonly string[]): SQL {
  return sql.raw(`(${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')})`);
}

/**
 * The kind of a forge login (docs/metrics.md "Which pull requests, which people"), in SQL: an
 * agent account first (some agents are GitHub Apps too: the agent kind wins), then a bot — GitHub's
 * `Bot` type, a `[bot]` login, or an automation account of the history analysis's list (the one
 * home of both lists: packages/analysis/src/history/identity.ts).
 */
function authorKindSql(login: SQL, isBot: SQL): SQL {
  return sql`(case
    when lower(coalesce(${login}, '')) in ${literalList(KNOWN_AGENT_LOGINS)} then 'agent'
    when ${isBot} or lower(coalesce(${login}, '')) like '%[bot]'
      or regexp_replace(lower(coalesce(${login}, '')), '\\[bot\\]$', '') in ${literalList(KNOWN_BOT_LOGINS)} then 'bot'
    else 'human' end)`;
}

// ── Pull requests in scope ─────────────────────────────────────────────────────────────────

/** Which stored pull requests a project's figures read, as pull-requests/queries.ts scopes them. */
interface PrScope {
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
const countedReview = sql`r.state <> 'pending' and r.submitted_at is not null
  and r.author_login is not null and r.author_login <> coalesce(p.author_login, '')
  and ${reviewerKind} = 'human'`;

/**
 * One row per visible pull request of the scope with what every figure needs: its kind, size,
 * the moment reviewers could pick it up and the moment of its first counted review. A pull
 * request whose commits name an AI agent in a `Co-authored-by:` trailer is an agent's, whoever
 * opened it (the agent kind wins over human and bot); pickup starts when it was last marked ready
 * for review, else when it was opened (docs/metrics.md).
 */
function prFactsSql(scope: PrScope): SQL {
  return sql`select p.id, p.repo_key, p.number, p.title, p.url, p.state, p.draft, p.author_login,
      p.created_at, p.updated_at, p.closed_at, p.merged_at, p.head_sha, p.first_commit_at,
      p.review_requests, (p.additions + p.deletions) as size,
      coalesce(p.ready_for_review_at, p.created_at) as pickup_from,
      (case when cardinality(p.agent_coauthors) > 0 then 'agent'
        else ${authorKindSql(sql`p.author_login`, sql`p.author_is_bot`)} end) as kind,
      (select min(r.submitted_at) from pull_request_reviews r
        where r.pull_request_id = p.id and ${countedReview}) as first_review_at
    from pull_requests p
    where p.forge = 'github' and p.repo_key in ${textList(scope.repoKeys)}
      and p.scope in ('', ${scope.userId})`;
}

/** `column` falls in [since, until]. */
const within = (column: SQL, since: string, until: string) =>
  sql`(${column} >= ${since}::timestamptz and ${column} <= ${until}::timestamptz)`;

/** Hours from `start` to `end` (null when either is unknown). */
const hoursBetween = (start: SQL, end: SQL) =>
  sql`(extract(epoch from (${end} - ${start})) / 3600.0)`;

/**
 * One flow time as the contract's FlowStat (docs/metrics.md "Flow times"): over the rows where
 * `ends` (its end event fell in the period), spans of zero or more hours are measured; a negative
 * span or an unknown start is counted as not measurable, never clamped.
 */
function flowStatSql(ends: SQL, span: SQL): SQL {
  const measured = sql`(${ends} and ${span} >= 0)`;
  return sql`json_build_object(
    'count', count(*) filter (where ${measured}),
    'median', percentile_cont(0.5) within group (order by ${span}) filter (where ${measured}),
    'p75', percentile_cont(0.75) within group (order by ${span}) filter (where ${measured}),
    'avg', avg(${span}) filter (where ${measured}),
    'not_measurable', count(*) filter (where ${ends} and (${span} is null or ${span} < 0)))`;
}

// ── A project's pull-request figures ───────────────────────────────────────────────────────

export interface PrWindow {
  scope: PrScope;
  /** Author kinds the filtered figures keep. */
  kinds: string[];
  since: string;
  until: string;
  /** First day of the daily series (at most `since`: last30Days may reach further back). */
  seriesSince: string;
}

export interface KindFigures {
  kind: 'human' | 'bot' | 'agent';
  opened: number;
  merged: number;
  ttfr: FlowStat;
  ttm: FlowStat;
}

export interface PrFigures {
  opened: number;
  openedOpen: number;
  openedClosed: number;
  openedMerged: number;
  merged: number;
  reviewedBeforeMerge: number;
  stale: number;
  churn: number;
  sizeMedian: number | null;
  sizeAvg: number | null;
  classes: { XS: number; S: number; M: number; L: number; XL: number };
  flow: {
    time_to_first_review: FlowStat;
    review_time: FlowStat;
    time_to_merge: FlowStat;
    coding_time: FlowStat;
    cycle_time: FlowStat;
  };
  byKind: KindFigures[];
  statuses: Array<{ review_status: string; count: number }>;
  days: Array<{ date: string; opened: number; closed: number; merged: number }>;
  repos: Array<{ repo_key: string; opened: number; merged: number; open: number }>;
  recent: Array<{
    repo_key: string;
    number: number;
    title: string;
    url: string;
    state: 'open' | 'closed' | 'merged';
    author: string | null;
    kind: 'human' | 'bot' | 'agent';
    created_at: string;
    updated_at: string;
  }>;
  authors: Array<{
    login: string;
    kind: 'human' | 'bot' | 'agent';
    opened: number;
    merged: number;
    last_at: string;
  }>;
  reviewers: Array<{ login: string; reviews: number; last_at: string }>;
  compliance: { total: number; compliant: number; notReviewed: number };
  ours: {
    total: number;
    approved: number;
    changes_requested: number;
    commented: number;
    pending: number;
  };
  /** GitHub data of the forge repositories; sums are null when no repository has any. */
  snapshots: { repos: number; stars: number | null; forks: number | null; size: number | null };
}

const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Every pull-request figure of one project, period and author filter, in one statement
 * (docs/metrics.md "Pull-request flow"): `f` holds the visible pull requests, `k` those of the
 * kinds asked for. Each part is an aggregate over them, returned as one JSON object so both
 * drivers hand back the same types.
 */
export async function prFigures(db: Database, window: PrWindow): Promise<PrFigures> {
  const { since, until } = window;
  const inP = (column: SQL) => within(column, since, until);
  const merged = inP(sql`merged_at`);
  const opened = inP(sql`created_at`);
  const stmt = sql`with f as materialized (${prFactsSql(window.scope)}),
    k as materialized (select * from f where kind in ${textList(window.kinds)}),
    totals as (select json_build_object(
      'opened', count(*) filter (where ${opened}),
      'openedOpen', count(*) filter (where ${opened} and state = 'open'),
      'openedClosed', count(*) filter (where ${opened} and state = 'closed'),
      'openedMerged', count(*) filter (where ${opened} and state = 'merged'),
      'merged', count(*) filter (where ${merged}),
      'reviewedBeforeMerge', count(*) filter (where ${merged} and first_review_at < merged_at),
      'stale', count(*) filter (where state = 'open' and not draft
        and updated_at <= ${until}::timestamptz - interval '14 days'),
      'churn', coalesce(sum(size) filter (where ${merged}), 0),
      'sizeMedian', percentile_cont(0.5) within group (order by size) filter (where ${opened}),
      'sizeAvg', avg(size) filter (where ${opened}),
      'classes', json_build_object(
        'XS', count(*) filter (where ${opened} and size < 10),
        'S', count(*) filter (where ${opened} and size >= 10 and size < 50),
        'M', count(*) filter (where ${opened} and size >= 50 and size < 250),
        'L', count(*) filter (where ${opened} and size >= 250 and size < 1000),
        'XL', count(*) filter (where ${opened} and size >= 1000)),
      'flow', json_build_object(
        'time_to_first_review', ${flowStatSql(inP(sql`first_review_at`), hoursBetween(sql`pickup_from`, sql`first_review_at`))},
        'review_time', ${flowStatSql(sql`(${merged} and first_review_at is not null)`, hoursBetween(sql`first_review_at`, sql`merged_at`))},
        'time_to_merge', ${flowStatSql(merged, hoursBetween(sql`created_at`, sql`merged_at`))},
        'coding_time', ${flowStatSql(opened, hoursBetween(sql`first_commit_at`, sql`created_at`))},
        'cycle_time', ${flowStatSql(merged, hoursBetween(sql`first_commit_at`, sql`merged_at`))})
      ) as v from k),
    by_kind as (select coalesce(json_agg(json_build_object('kind', kind, 'opened', opened, 'merged', merged,
        'ttfr', ttfr, 'ttm', ttm)), '[]') as v from (select kind,
        count(*) filter (where ${opened}) as opened, count(*) filter (where ${merged}) as merged,
        ${flowStatSql(inP(sql`first_review_at`), hoursBetween(sql`pickup_from`, sql`first_review_at`))} as ttfr,
        ${flowStatSql(merged, hoursBetween(sql`created_at`, sql`merged_at`))} as ttm
      from f group by kind) g),
    statuses as (select coalesce(json_agg(json_build_object('review_status', status, 'count', n)), '[]') as v
      from (select status, count(*) as n from (select
        case when bool_or(v.state = 'changes_requested') then 'changes_requested'
          when bool_or(v.state = 'approved') then 'approved'
          when count(v.state) > 0 then 'commented'
          when jsonb_array_length(k.review_requests) > 0 then 'review_required'
          else 'none' end as status
        from k left join lateral (
          -- Each reviewer's latest verdict, a comment only when they gave none (review-state.ts).
          select distinct on (r.author_login) r.state from pull_request_reviews r
          where r.pull_request_id = k.id and r.state <> 'pending' and r.author_login is not null
            and r.author_login <> coalesce(k.author_login, '')
          order by r.author_login, (r.state = 'commented'), r.submitted_at desc nulls last) v on true
        where ${inP(sql`k.created_at`)}
        group by k.id, k.review_requests) s group by status) g),
    events as (
      select (created_at at time zone 'UTC')::date as d, 1 as o, 0 as c, 0 as m from k
        where created_at >= ${window.seriesSince}::timestamptz
      union all select (closed_at at time zone 'UTC')::date, 0, 1, 0 from k
        where state = 'closed' and closed_at >= ${window.seriesSince}::timestamptz
      union all select (merged_at at time zone 'UTC')::date, 0, 0, 1 from k
        where merged_at >= ${window.seriesSince}::timestamptz),
    days as (select coalesce(json_agg(json_build_object('date', to_char(d, 'YYYY-MM-DD'),
        'opened', o, 'closed', c, 'merged', m)), '[]') as v
      from (select d, sum(o) as o, sum(c) as c, sum(m) as m from events group by d) g),
    repos as (select coalesce(json_agg(json_build_object('repo_key', repo_key, 'opened', opened,
        'merged', merged, 'open', open)), '[]') as v from (select repo_key,
        count(*) filter (where ${opened}) as opened, count(*) filter (where ${merged}) as merged,
        count(*) filter (where state = 'open') as open from k group by repo_key) g),
    recent as (select coalesce(json_agg(json_build_object('repo_key', repo_key, 'number', number,
        'title', title, 'url', url, 'state', state, 'author', author_login, 'kind', kind,
        'created_at', ${iso(sql`created_at`)}, 'updated_at', ${iso(sql`updated_at`)})
        order by updated_at desc, number desc), '[]') as v
      from (select * from k order by updated_at desc, number desc limit 10) g),
    authors as (select coalesce(json_agg(json_build_object('login', author_login, 'kind', kind,
        'opened', opened, 'merged', merged, 'last_at', ${iso(sql`last_at`)})), '[]') as v
      from (select author_login, kind, count(*) filter (where ${opened}) as opened,
          count(*) filter (where ${merged}) as merged,
          max(greatest(case when ${opened} then created_at end, case when ${merged} then merged_at end)) as last_at
        from k where author_login is not null group by author_login, kind) g
      where opened > 0 or merged > 0),
    reviewers as (select coalesce(json_agg(json_build_object('login', login, 'reviews', n,
        'last_at', ${iso(sql`last_at`)})), '[]') as v
      from (select r.author_login as login, count(*) as n, max(r.submitted_at) as last_at
        from f p join pull_request_reviews r on r.pull_request_id = p.id
        where ${countedReview} and ${inP(sql`r.submitted_at`)} group by r.author_login) g),
    rota as (select r.repo_key, r.number, r.head_sha, r.status, r.finished_at from reviews r
      where r.forge = 'github' and r.repo_key in ${textList(window.scope.repoKeys)}
        and r.scope in ('', ${window.scope.userId}) and r.outcome = 'reviewed'),
    compliance as (select json_build_object(
        'total', count(*) filter (where reviewed), 'compliant', count(*) filter (where last_verdict = 'approved'),
        'notReviewed', count(*) filter (where not reviewed)) as v
      from (select exists (select 1 from rota where rota.repo_key = k.repo_key and rota.number = k.number) as reviewed,
          (select rota.status from rota where rota.repo_key = k.repo_key and rota.number = k.number
            and rota.head_sha = k.head_sha order by rota.finished_at desc nulls last limit 1) as last_verdict
        from k where ${merged}) g),
    ours as (select json_build_object('total', count(*),
        'approved', count(*) filter (where r.outcome = 'reviewed' and r.status = 'approved'),
        'changes_requested', count(*) filter (where r.outcome = 'reviewed' and r.status = 'changes_requested'),
        'commented', count(*) filter (where r.outcome = 'reviewed' and r.status = 'commented'),
        'pending', count(*) filter (where r.outcome is null)) as v
      from reviews r where r.forge = 'github' and r.repo_key in ${textList(window.scope.repoKeys)}
        and r.scope in ('', ${window.scope.userId})
        and ((r.outcome = 'reviewed' and ${inP(sql`r.finished_at`)}) or r.outcome is null)),
    snapshots as (select json_build_object('repos', count(s.data), 'stars', sum((s.data -> 'repository' ->> 'stars')::int),
        'forks', sum((s.data -> 'repository' ->> 'forks')::int), 'size', sum((s.data -> 'repository' ->> 'size')::int)) as v
      from github_repo_snapshots s where s.forge = 'github' and s.repo_key in ${textList(window.scope.repoKeys)}
        and s.scope in ('', ${window.scope.userId}) and s.data is not null)
    select json_build_object('ours', (select v from ours), 'snapshots', (select v from snapshots), 'totals', (select v from totals), 'byKind', (select v from by_kind),
      'statuses', (select v from statuses), 'days', (select v from days), 'repos', (select v from repos),
      'recent', (select v from recent), 'authors', (select v from authors),
      'reviewers', (select v from reviewers), 'compliance', (select v from compliance)) as data`;
  const result = await db.execute(stmt);
  const data = (result as unknown as { rows: Array<{ data: unknown }> }).rows[0]!.data;
  const { totals, ...parts } = (typeof data === 'string' ? JSON.parse(data) : data) as Record<
    string,
    object
  >;
  return { ...totals, ...parts } as unknown as PrFigures;
}

// ── The dashboard's pull-request figures ───────────────────────────────────────────────────

export interface DashboardPrFigures {
  open: number;
  ttmCurrent: number | null;
  ttmPrevious: number | null;
  waiting: Array<{
    repo_key: string;
    number: number;
    title: string;
    url: string;
    author: string | null;
    waiting_since: string;
  }>;
  days: Array<{ date: string; opened: number; closed: number; merged: number }>;
  changesRequested: Array<{
    id: string;
    repo_key: string;
    number: number;
    reason: string | null;
    findings: number;
    finished_at: string | null;
  }>;
}

const median = (column: SQL, where: SQL) =>
  sql`percentile_cont(0.5) within group (order by ${column}) filter (where ${where})`;

/**
 * The pull-request parts of the dashboard over every forge repository of the user's projects, in
 * one statement: open pull requests (all kinds), human ones waiting for a first counted review
 * (drafts wait on their author, not on reviewers), the median time to merge of humans' pull
 * requests in the last 30 days and the 30 before, humans' daily activity, and Rota's
 * change requests.
 */
export async function dashboardPrFigures(
  db: Database,
  window: { scope: PrScope; since: string; previousSince: string; until: string },
): Promise<DashboardPrFigures> {
  const { since, previousSince, until } = window;
  const ttm = sql`(extract(epoch from (merged_at - created_at)) / 3600.0)`;
  const result = await db.execute(sql`with f as materialized (${prFactsSql(window.scope)}),
    h as (select * from f where kind = 'human'),
    events as (
      select (created_at at time zone 'UTC')::date as d, 1 as o, 0 as c, 0 as m from h where created_at >= ${since}::timestamptz
      union all select (closed_at at time zone 'UTC')::date, 0, 1, 0 from h where state = 'closed' and closed_at >= ${since}::timestamptz
      union all select (merged_at at time zone 'UTC')::date, 0, 0, 1 from h where merged_at >= ${since}::timestamptz)
    select json_build_object(
      'open', (select count(*) from f where state = 'open'),
      'ttmCurrent', (select ${median(ttm, sql`merged_at >= ${since}::timestamptz and merged_at <= ${until}::timestamptz and ${ttm} >= 0`)} from h),
      'ttmPrevious', (select ${median(ttm, sql`merged_at >= ${previousSince}::timestamptz and merged_at < ${since}::timestamptz and ${ttm} >= 0`)} from h),
      'waiting', (select coalesce(json_agg(json_build_object('repo_key', repo_key, 'number', number,
          'title', title, 'url', url, 'author', author_login, 'waiting_since', ${iso(sql`pickup_from`)})
          order by pickup_from, repo_key, number), '[]')
        from (select * from h where state = 'open' and not draft and first_review_at is null
          order by pickup_from, repo_key, number limit 10) w),
      'days', (select coalesce(json_agg(json_build_object('date', to_char(d, 'YYYY-MM-DD'),
          'opened', o, 'closed', c, 'merged', m)), '[]')
        from (select d, sum(o) as o, sum(c) as c, sum(m) as m from events group by d) g),
      'changesRequested', (select coalesce(json_agg(json_build_object('id', id, 'repo_key', repo_key,
          'number', number, 'reason', reason, 'findings', jsonb_array_length(findings),
          'finished_at', ${iso(sql`finished_at`)}) order by finished_at desc nulls last, id), '[]')
        from (select * from reviews r where r.forge = 'github'
          and r.repo_key in ${textList(window.scope.repoKeys)} and r.scope in ('', ${window.scope.userId})
          and r.outcome = 'reviewed' and r.status = 'changes_requested'
          order by r.finished_at desc nulls last, r.id limit 10) c)
    ) as data`);
  const data = (result as unknown as { rows: Array<{ data: unknown }> }).rows[0]!.data;
  return (typeof data === 'string' ? JSON.parse(data) : data) as DashboardPrFigures;
}

// ── Stored analyses ────────────────────────────────────────────────────────────────────────

/** The parts of a history analysis the figures read (packages/contracts analysis/history.ts). */
export interface HistoryPart {
  window: { since: string; until: string; days: number };
  commitsPerDay: Array<{ date: string; commits: number; churn: number }>;
  people: Array<{
    name: string;
    email: string;
    bot: boolean;
    commits: number;
    firstCommitDate: string;
    lastCommitDate: string;
  }>;
  firstCommitDate: string | null;
}

export interface RepoAnalyses {
  repoId: string;
  history: HistoryPart | null;
  /** Structure: code lines per counted language, and test/code lines (composition). */
  languages: Array<{ name: string; code: number }> | null;
  tests: { testCodeLines: number | null; codeLines: number | null } | null;
  staleBranches: number | null;
  readmeScore: number | null;
}

/**
 * The latest stored result of each kind the figures read, for each repository of the projects:
 * the result of the repository's last successful analysis job on its branch, as the project page
 * shows it (analysis/queries.ts lookAtProject). Only the parts needed are cut out in SQL: a
 * structure result can be a megabyte.
 */
export async function latestAnalyses(
  db: Database,
  projectIds: string[],
): Promise<Map<string, RepoAnalyses>> {
  const byRepo = new Map<string, RepoAnalyses>();
  if (projectIds.length === 0) return byRepo;
  const result = await db.execute(sql`
    select distinct on (pr.id, kinds.kind) pr.id as repo_id, kinds.kind, case kinds.kind
      when 'history' then json_build_object(
        'window', ar.result -> 'window',
        'commitsPerDay', (select coalesce(json_agg(json_build_object('date', d ->> 'date',
          'commits', (d ->> 'commits')::int, 'churn', (d ->> 'churn')::int)), '[]')
          from jsonb_array_elements(ar.result -> 'commitsPerDay') d),
        'people', (select coalesce(json_agg(json_build_object('name', a ->> 'name', 'email', a ->> 'email',
          'bot', (a ->> 'bot')::boolean, 'commits', (a ->> 'commits')::int,
          'firstCommitDate', a ->> 'firstCommitDate', 'lastCommitDate', a ->> 'lastCommitDate')), '[]')
          from jsonb_array_elements((ar.result -> 'authors') || (ar.result -> 'bots')) a),
        'firstCommitDate', ar.result -> 'allTime' ->> 'firstCommitDate')
      when 'structure' then json_build_object(
        'languages', (select coalesce(json_agg(json_build_object('name', l ->> 'name', 'code', (l ->> 'code')::int)), '[]')
          from jsonb_array_elements(ar.result -> 'structure' -> 'languages') l where (l ->> 'counted')::boolean),
        'tests', json_build_object(
          'testCodeLines', (ar.result -> 'composition' -> 'tests' ->> 'testCodeLines')::int,
          'codeLines', (ar.result -> 'composition' -> 'tests' ->> 'codeLines')::int))
      when 'branches' then json_build_object('stale', (ar.result -> 'summary' ->> 'stale')::int)
      else json_build_object('score', (ar.result -> 'readme' ->> 'score')::int) end as part
    from project_repos pr
    cross join (values ('history'), ('structure'), ('branches'), ('readme')) as kinds(kind)
    join jobs j on j.kind = ${ANALYZE_JOB} and j.status = 'succeeded'
      and j.dedupe_key = 'analyze:' || kinds.kind || ':' || pr.branch || ':' || pr.url
    join analysis_results ar on ar.id = (j.result ->> 'resultId')::uuid
    where pr.project_id in (${sql.join(
      projectIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    order by pr.id, kinds.kind, j.finished_at desc nulls last`);
  const rows = (
    result as unknown as { rows: Array<{ repo_id: string; kind: string; part: unknown }> }
  ).rows;
  for (const row of rows) {
    const entry = byRepo.get(row.repo_id) ?? {
      repoId: row.repo_id,
      history: null,
      languages: null,
      tests: null,
      staleBranches: null,
      readmeScore: null,
    };
    const part = (typeof row.part === 'string' ? JSON.parse(row.part) : row.part) as {
      languages: RepoAnalyses['languages'];
      tests: RepoAnalyses['tests'];
      stale: number | null;
      score: number | null;
    };
    if (row.kind === 'history') entry.history = part as unknown as HistoryPart;
    if (row.kind === 'structure') {
      entry.languages = part.languages;
      entry.tests = part.tests;
    }
    if (row.kind === 'branches') entry.staleBranches = part.stale;
    if (row.kind === 'readme') entry.readmeScore = part.score;
    byRepo.set(row.repo_id, entry);
  }
  return byRepo;
}

// ── Stored answers and their invalidation ──────────────────────────────────────────────────

export interface StoredKey {
  projectId: string;
  days: number;
  authors: AnalyticsAuthors;
}

/** The stored answer of one key, with whether it may still be served. */
export async function readStored(
  db: Database,
  key: StoredKey,
): Promise<{ data: ProjectAnalytics; computedAt: Date; stale: boolean } | undefined> {
  const [row] = await db
    .select({
      data: projectAnalytics.data,
      computedAt: projectAnalytics.computedAt,
      stale: projectAnalytics.stale,
    })
    .from(projectAnalytics)
    .where(
      and(
        eq(projectAnalytics.projectId, key.projectId),
        eq(projectAnalytics.days, key.days),
        eq(projectAnalytics.authors, key.authors),
      ),
    );
  return row && { ...row, data: row.data as ProjectAnalytics };
}

/** Stores a fresh answer (replacing the key's row). */
export async function writeStored(
  db: Database,
  key: StoredKey & { data: ProjectAnalytics; computedAt: Date },
): Promise<void> {
  await db
    .insert(projectAnalytics)
    .values({ ...key, stale: false })
    .onConflictDoUpdate({
      target: [projectAnalytics.projectId, projectAnalytics.days, projectAnalytics.authors],
      set: { data: key.data, computedAt: key.computedAt, stale: false },
    });
}

/**
 * Invalidation: marks stale every stored answer of the projects a change touches. Each is one
 * small UPDATE (no row: nothing to do), called where the change already happens.
 */
export async function markProjectStale(db: Database, projectId: string): Promise<void> {
  await db
    .update(projectAnalytics)
    .set({ stale: true })
    .where(eq(projectAnalytics.projectId, projectId));
}

/** Projects holding the repository `owner/repo` (lower-case key, any host). */
export async function markRepoKeyStale(db: Database, repoKey: string): Promise<void> {
  await db.execute(sql`update ${projectAnalytics} set stale = true
    where ${projectAnalytics.projectId} in (select ${projectRepos.projectId} from ${projectRepos}
      where lower(${projectRepos.owner} || '/' || ${projectRepos.repo}) = ${repoKey.toLowerCase()})`);
}

/** Projects holding the repository at `url` (an analysis of its mirror was stored). */
export async function markRepoUrlStale(db: Database, url: string): Promise<void> {
  await db.execute(sql`update ${projectAnalytics} set stale = true
    where ${projectAnalytics.projectId} in (select ${projectRepos.projectId} from ${projectRepos}
      where ${projectRepos.url} = ${url})`);
}

/** The repositories of these projects (the dashboard's). */
export async function reposOfProjects(db: Database, projectIds: string[]) {
  if (projectIds.length === 0) return [];
  return db.select().from(projectRepos).where(inArray(projectRepos.projectId, projectIds));
}
