import { sql, type SQL } from 'drizzle-orm';
import type { FlowStat, PrSizeClass } from '@rota/contracts';
import type { Database } from '../../../db/client.js';
import {
  countedReview,
  flowStatSql,
  hoursBetween,
  iso,
  loginFilter,
  prFactsSql,
  rotaComplianceSql,
  rotaReviewsSql,
  textList,
  within,
  type PrScope,
} from './sql-parts.js';
import { reviewStateSql } from './review-state-sql.js';
import { sizeClassCountsSql } from './size-classes-sql.js';

// ── A project's pull-request figures ───────────────────────────────────────────────────────

export interface PrWindow {
  scope: PrScope;
  /** Author kinds the filtered figures keep. */
  kinds: string[];
  since: string;
  until: string;
  /** First day of the daily series (at most `since`: last30Days may reach further back). */
  seriesSince: string;
  /** The zone whose dates the daily series groups by (the user's; UTC when none). */
  timeZone?: string;
  /** A team's GitHub logins (lower-cased): only their pull requests and reviews; null for everyone. */
  authorLogins?: string[] | null;
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
  /** Closed unmerged in the period. */
  closed: number;
  /** The latest pull-request event (opened, merged, closed, counted review) up to `until`, ISO. */
  lastEventAt: string | null;
  openedOpen: number;
  openedClosed: number;
  openedMerged: number;
  merged: number;
  reviewedBeforeMerge: number;
  stale: number;
  churn: number;
  sizeMedian: number | null;
  sizeAvg: number | null;
  classes: Record<PrSizeClass, number>;
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
  snapshots: {
    repos: number;
    stars: number | null;
    forks: number | null;
    size: number | null;
    /** Over the snapshots that measured it (sum skips nulls); null when none did. */
    openIssues: number | null;
  };
}

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
  const zone = window.timeZone ?? 'UTC';
  const logins = window.authorLogins ?? null;
  const upTo = (column: SQL) =>
    sql`max(${column}) filter (where ${column} <= ${until}::timestamptz)`;
  const day = (column: SQL) => sql`(${column} at time zone ${zone})::date`;
  const stmt = sql`with f as materialized (${prFactsSql(window.scope)}),
    k as materialized (select * from f where kind in ${textList(window.kinds)}
      and ${loginFilter(sql`author_login`, logins)}),
    counted_reviews as materialized (select r.author_login, r.submitted_at
      from f p join pull_request_reviews r on r.pull_request_id = p.id
      where ${countedReview} and ${loginFilter(sql`r.author_login`, logins)}),
    totals as (select json_build_object(
      'opened', count(*) filter (where ${opened}),
      'closed', count(*) filter (where state = 'closed' and ${inP(sql`closed_at`)}),
      'lastEventAt', ${iso(sql`greatest(${upTo(sql`created_at`)}, ${upTo(sql`merged_at`)},
        ${upTo(sql`closed_at`)}, (select ${upTo(sql`submitted_at`)} from counted_reviews))`)},
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
      'classes', ${sizeClassCountsSql(sql`size`, opened)},
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
      from f where ${loginFilter(sql`author_login`, logins)} group by kind) g),
    statuses as (select coalesce(json_agg(json_build_object('review_status', status, 'count', n)), '[]') as v
      from (select status, count(*) as n from (select
        ${reviewStateSql({
          changes_requested: sql`bool_or(v.state = 'changes_requested')`,
          approved: sql`bool_or(v.state = 'approved')`,
          commented: sql`count(v.state) > 0`,
          review_required: sql`jsonb_array_length(k.review_requests) > 0`,
          none: sql`true`,
        })} as status
        from k left join lateral (
          -- Each reviewer's latest verdict, a comment only when they gave none (latestReviews).
          select distinct on (r.author_login) r.state from pull_request_reviews r
          where r.pull_request_id = k.id and r.state <> 'pending' and r.author_login <> ''
            and r.author_login <> coalesce(k.author_login, '')
          order by r.author_login, (r.state = 'commented'), r.submitted_at desc nulls last) v on true
        where ${inP(sql`k.created_at`)}
        group by k.id, k.review_requests) s group by status) g),
    events as (
      select ${day(sql`created_at`)} as d, 1 as o, 0 as c, 0 as m from k
        where ${within(sql`created_at`, window.seriesSince, until)}
      union all select ${day(sql`closed_at`)}, 0, 1, 0 from k
        where state = 'closed' and ${within(sql`closed_at`, window.seriesSince, until)}
      union all select ${day(sql`merged_at`)}, 0, 0, 1 from k
        where ${within(sql`merged_at`, window.seriesSince, until)}),
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
      from (select author_login as login, count(*) as n, max(submitted_at) as last_at
        from counted_reviews where ${inP(sql`submitted_at`)} group by author_login) g),
    rota as (${rotaReviewsSql(window.scope)}),
    compliance as (select json_build_object(
        'total', count(*) filter (where reviewed), 'compliant', count(*) filter (where last_verdict = 'approved'),
        'notReviewed', count(*) filter (where not reviewed)) as v
      from (select ${rotaComplianceSql('k')} from k where ${merged}) g),
    ours as (select json_build_object('total', count(*),
        'approved', count(*) filter (where r.outcome = 'reviewed' and r.status = 'approved'),
        'changes_requested', count(*) filter (where r.outcome = 'reviewed' and r.status = 'changes_requested'),
        'commented', count(*) filter (where r.outcome = 'reviewed' and r.status = 'commented'),
        'pending', count(*) filter (where r.outcome is null)) as v
      from reviews r where r.forge = 'github' and r.repo_key in ${textList(window.scope.repoKeys)}
        and r.scope in ('', ${window.scope.userId})
        and ((r.outcome = 'reviewed' and ${inP(sql`r.finished_at`)}) or r.outcome is null)),
    snapshots as (select json_build_object('repos', count(s.data), 'stars', sum((s.data -> 'repository' ->> 'stars')::int),
        'forks', sum((s.data -> 'repository' ->> 'forks')::int), 'size', sum((s.data -> 'repository' ->> 'size')::int),
        'openIssues', sum((s.data -> 'repository' ->> 'open_issues')::int)) as v
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
