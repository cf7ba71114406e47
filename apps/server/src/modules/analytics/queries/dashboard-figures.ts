import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { iso, prFactsSql, textList, within, type PrScope } from './sql-parts.js';

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
 * requests in the period and the same-length one before, humans' daily activity in the user's zone, and Rota's
 * change requests.
 */
export async function dashboardPrFigures(
  db: Database,
  window: {
    scope: PrScope;
    since: string;
    until: string;
    /** The same-length period before (previousPeriod). */
    previousSince: string;
    previousUntil: string;
    /** The zone whose dates the daily activity groups by. */
    timeZone: string;
  },
): Promise<DashboardPrFigures> {
  const { since, previousSince, previousUntil, until, timeZone } = window;
  const day = (column: SQL) => sql`(${column} at time zone ${timeZone})::date`;
  const inP = (column: SQL) => within(column, since, until);
  const ttm = sql`(extract(epoch from (merged_at - created_at)) / 3600.0)`;
  const result = await db.execute(sql`with f as materialized (${prFactsSql(window.scope)}),
    h as (select * from f where kind = 'human'),
    events as (
      select ${day(sql`created_at`)} as d, 1 as o, 0 as c, 0 as m from h where ${inP(sql`created_at`)}
      union all select ${day(sql`closed_at`)}, 0, 1, 0 from h where state = 'closed' and ${inP(sql`closed_at`)}
      union all select ${day(sql`merged_at`)}, 0, 0, 1 from h where ${inP(sql`merged_at`)})
    select json_build_object(
      'open', (select count(*) from f where state = 'open'),
      'ttmCurrent', (select ${median(ttm, sql`${inP(sql`merged_at`)} and ${ttm} >= 0`)} from h),
      'ttmPrevious', (select ${median(ttm, sql`${within(sql`merged_at`, previousSince, previousUntil)} and ${ttm} >= 0`)} from h),
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
