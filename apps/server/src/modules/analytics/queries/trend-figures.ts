import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { rowsOf } from '../../../db/map-row.js';
import {
  flowMedianSql,
  hoursBetween,
  loginFilter,
  prFactsSql,
  textList,
  type PrScope,
} from './sql-parts.js';

// ── The trends' figures, per bucket of a period ────────────────────────────────────────────

export interface TrendWindow {
  scope: PrScope;
  kinds: string[];
  /** A team's GitHub logins (lower-cased), or null for everyone. */
  authorLogins: string[] | null;
  /** The spans figures are computed over, each [since, until] as a period is. */
  ranges: Array<{ since: string; until: string }>;
}

/** The raw figures of one span: medians in hours, and the counts the rates are made of. */
export interface TrendRow {
  time_to_first_review: number | null;
  review_time: number | null;
  time_to_merge: number | null;
  cycle_time: number | null;
  merged: number;
  opened: number;
  openedMerged: number;
  sizeMedian: number | null;
  complianceTotal: number;
  compliant: number;
}

/**
 * The flow figures a trend follows over every span of `ranges`, in one statement
 * (docs/metrics.md "Trends"): each span's figure is computed exactly as the period's figure in
 * prFigures is — the same pull requests, the same event ending each time, the same medians — with
 * the spans joined as a list of bounds and the figures grouped by span. Answers in `ranges`' order.
 */
export async function trendFigures(db: Database, window: TrendWindow): Promise<TrendRow[]> {
  if (window.ranges.length === 0) return [];
  const first = window.ranges.reduce((a, b) => (a.since < b.since ? a : b)).since;
  const last = window.ranges.reduce((a, b) => (a.until > b.until ? a : b)).until;
  const bounds = sql.join(
    window.ranges.map(
      (range, index) =>
        sql`(${index}::int, ${range.since}::timestamptz, ${range.until}::timestamptz)`,
    ),
    sql`, `,
  );
  const inB = (column: string) => sql`(${sql.raw(column)} >= b.s and ${sql.raw(column)} <= b.u)`;
  const merged = inB('k.merged_at');
  const opened = inB('k.created_at');
  const result = await db.execute(sql`with f as materialized (${prFactsSql(window.scope)}),
    k0 as materialized (select * from f where kind in ${textList(window.kinds)}
      and ${loginFilter(sql`author_login`, window.authorLogins)}
      and (created_at between ${first}::timestamptz and ${last}::timestamptz
        or merged_at between ${first}::timestamptz and ${last}::timestamptz
        or first_review_at between ${first}::timestamptz and ${last}::timestamptz)),
    rota as (select r.repo_key, r.number, r.head_sha, r.status, r.finished_at from reviews r
      where r.forge = 'github' and r.repo_key in ${textList(window.scope.repoKeys)}
        and r.scope in ('', ${window.scope.userId}) and r.outcome = 'reviewed'),
    k as materialized (select k0.*,
        case when merged_at is null then false else exists (select 1 from rota
          where rota.repo_key = k0.repo_key and rota.number = k0.number) end as rota_reviewed,
        case when merged_at is null then null else (select rota.status from rota
          where rota.repo_key = k0.repo_key and rota.number = k0.number and rota.head_sha = k0.head_sha
          order by rota.finished_at desc nulls last limit 1) end as rota_verdict
      from k0),
    b(i, s, u) as (values ${bounds})
    select b.i,
      ${flowMedianSql(inB('k.first_review_at'), hoursBetween(sql`k.pickup_from`, sql`k.first_review_at`))} as ttfr,
      ${flowMedianSql(sql`(${merged} and k.first_review_at is not null)`, hoursBetween(sql`k.first_review_at`, sql`k.merged_at`))} as review,
      ${flowMedianSql(merged, hoursBetween(sql`k.created_at`, sql`k.merged_at`))} as ttm,
      ${flowMedianSql(merged, hoursBetween(sql`k.first_commit_at`, sql`k.merged_at`))} as cycle,
      count(k.id) filter (where ${merged})::int as merged,
      count(k.id) filter (where ${opened})::int as opened,
      count(k.id) filter (where ${opened} and k.state = 'merged')::int as opened_merged,
      percentile_cont(0.5) within group (order by k.size) filter (where ${opened}) as size_median,
      count(k.id) filter (where ${merged} and k.rota_reviewed)::int as compliance_total,
      count(k.id) filter (where ${merged} and k.rota_verdict = 'approved')::int as compliant
    from b left join k on ${opened} or ${merged} or ${inB('k.first_review_at')}
    group by b.i order by b.i`);
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  const rows = rowsOf(result);
  return window.ranges.map((_, index) => {
    const row = rows.find((candidate) => Number(candidate.i) === index)!;
    return {
      time_to_first_review: num(row.ttfr),
      review_time: num(row.review),
      time_to_merge: num(row.ttm),
      cycle_time: num(row.cycle),
      merged: Number(row.merged),
      opened: Number(row.opened),
      openedMerged: Number(row.opened_merged),
      sizeMedian: num(row.size_median),
      complianceTotal: Number(row.compliance_total),
      compliant: Number(row.compliant),
    };
  });
}
