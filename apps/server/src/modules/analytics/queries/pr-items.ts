import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DashboardItemMetric, PullRequestItemMetric } from '@rota/contracts';
import type { Database } from '../../../db/client.js';
import { projectMembers, projectTeams } from '../../../db/schema/index.js';
import {
  flowMeasured,
  hoursBetween,
  iso,
  prFactsSql,
  rotaComplianceSql,
  rotaReviewsSql,
  textList,
  within,
  type PrScope,
} from './sql-parts.js';
import { inSizeClass } from './size-classes-sql.js';

// ── The pull requests behind a figure ──────────────────────────────────────────────────────

export interface PrItemRow {
  repo_key: string;
  number: number;
  title: string;
  url: string;
  author: string | null;
  kind: 'human' | 'bot' | 'agent';
  state: 'open' | 'closed' | 'merged';
  created_at: string;
  merged_at: string | null;
  value: number | null;
}

export interface PrItems {
  total: number;
  items: PrItemRow[];
}

export interface PrItemsWindow {
  scope: PrScope;
  /** Author kinds the figures keep. */
  kinds: string[];
  /** Lower-cased GitHub logins of a team's members, or null for everyone. */
  authors: string[] | null;
  since: string;
  until: string;
  limit: number;
}

interface Selection {
  /** Which rows of `k` (the facts of the kinds asked for, with Rota's compliance columns). */
  where: SQL;
  /** The value shown beside each one (hours or changed lines), or null. */
  value: SQL;
}

/**
 * Each pull-request figure of prFigures (docs/metrics.md "Down to the items") as the condition
 * that picks its rows: the same period test, the same spans measured, the same size classes and
 * the same compliance columns, so each list holds exactly the pull requests the figure counts.
 */
function selectionOf(metric: PullRequestItemMetric, since: string, until: string): Selection {
  const inP = (column: SQL) => within(column, since, until);
  const opened = inP(sql`created_at`);
  const merged = inP(sql`merged_at`);
  const none = sql`null::float8`;
  const flow = (ends: SQL, span: SQL): Selection => ({
    where: flowMeasured(ends, span),
    value: span,
  });
  const size = (name: 'XS' | 'S' | 'M' | 'L' | 'XL'): Selection => ({
    where: sql`(${opened} and ${inSizeClass(sql`size`, name)})`,
    value: sql`size::float8`,
  });
  switch (metric) {
    case 'opened':
      return { where: opened, value: none };
    case 'opened_open':
      return { where: sql`(${opened} and state = 'open')`, value: none };
    case 'opened_closed':
      return { where: sql`(${opened} and state = 'closed')`, value: none };
    case 'opened_merged':
      return { where: sql`(${opened} and state = 'merged')`, value: none };
    case 'merged':
      return { where: merged, value: none };
    case 'reviewed_before_merge':
      return { where: sql`(${merged} and first_review_at < merged_at)`, value: none };
    case 'stale':
      return {
        where: sql`(state = 'open' and not draft
          and updated_at <= ${until}::timestamptz - interval '14 days')`,
        value: none,
      };
    case 'time_to_first_review':
      return flow(inP(sql`first_review_at`), hoursBetween(sql`pickup_from`, sql`first_review_at`));
    case 'review_time':
      return flow(
        sql`(${merged} and first_review_at is not null)`,
        hoursBetween(sql`first_review_at`, sql`merged_at`),
      );
    case 'time_to_merge':
      return flow(merged, hoursBetween(sql`created_at`, sql`merged_at`));
    case 'coding_time':
      return flow(opened, hoursBetween(sql`first_commit_at`, sql`created_at`));
    case 'cycle_time':
      return flow(merged, hoursBetween(sql`first_commit_at`, sql`merged_at`));
    case 'size_XS':
      return size('XS');
    case 'size_S':
      return size('S');
    case 'size_M':
      return size('M');
    case 'size_L':
      return size('L');
    case 'size_XL':
      return size('XL');
    case 'compliance_total':
      return { where: sql`(${merged} and reviewed)`, value: none };
    case 'compliance_compliant':
      return { where: sql`(${merged} and last_verdict = 'approved')`, value: none };
    case 'not_reviewed_by_rota':
      return { where: sql`(${merged} and not reviewed)`, value: none };
  }
}

/** Only pull requests opened by these logins (lower case), when a team is asked for. */
const authoredBy = (logins: string[] | null) =>
  logins === null ? sql`true` : sql`lower(coalesce(author_login, '')) in ${textList(logins)}`;

/**
 * The pull requests one figure of a project counts, the highest value first, then the newest:
 * how many there are and the first `limit` of them.
 */
export async function prItems(
  db: Database,
  metric: PullRequestItemMetric,
  window: PrItemsWindow,
): Promise<PrItems> {
  const selection = selectionOf(metric, window.since, window.until);
  return listed(
    db,
    sql`with f as materialized (${prFactsSql(window.scope)}),
      rota as (${rotaReviewsSql(window.scope)}),
      k as (select f.*, ${rotaComplianceSql('f')} from f
        where kind in ${textList(window.kinds)} and ${authoredBy(window.authors)}),
      rows as (select *, ${selection.value} as value from k where ${selection.where})`,
    window.limit,
  );
}

/**
 * The pull requests behind a dashboard figure (queries/dashboard-figures.ts defines them): open
 * ones of every kind; humans' merged in the period (or the one before) with a measured time to
 * merge; humans' open, non-draft ones without a counted review, the hours waited until now.
 */
export async function dashboardItems(
  db: Database,
  metric: DashboardItemMetric,
  window: {
    scope: PrScope;
    since: string;
    until: string;
    previousSince: string;
    /** Waiting is counted as of now, whatever the period. */
    now: string;
    limit: number;
  },
): Promise<PrItems> {
  const { since, until, previousSince } = window;
  const ttm = sql`(extract(epoch from (merged_at - created_at)) / 3600.0)`;
  const selections: Record<DashboardItemMetric, Selection> = {
    open_prs: { where: sql`state = 'open'`, value: sql`null::float8` },
    time_to_merge: {
      where: sql`kind = 'human' and merged_at >= ${since}::timestamptz
        and merged_at <= ${until}::timestamptz and ${ttm} >= 0`,
      value: ttm,
    },
    time_to_merge_previous: {
      where: sql`kind = 'human' and merged_at >= ${previousSince}::timestamptz
        and merged_at < ${since}::timestamptz and ${ttm} >= 0`,
      value: ttm,
    },
    waiting: {
      where: sql`kind = 'human' and state = 'open' and not draft and first_review_at is null`,
      value: sql`greatest(0, ${hoursBetween(sql`pickup_from`, sql`${window.now}::timestamptz`)})`,
    },
  };
  const selection = selections[metric];
  return listed(
    db,
    sql`with f as materialized (${prFactsSql(window.scope)}),
      rows as (select *, ${selection.value} as value from f where ${selection.where})`,
    window.limit,
  );
}

/** Counts `rows` and lists the first `limit`, the highest value first, then the newest. */
async function listed(db: Database, rows: SQL, limit: number): Promise<PrItems> {
  const result = await db.execute(sql`${rows}
    select json_build_object(
      'total', (select count(*) from rows),
      'items', (select coalesce(json_agg(json_build_object('repo_key', repo_key, 'number', number,
          'title', title, 'url', url, 'author', author_login, 'kind', kind, 'state', state,
          'created_at', ${iso(sql`created_at`)}, 'merged_at', ${iso(sql`merged_at`)},
          'value', value) order by value desc nulls last, created_at desc, repo_key, number), '[]')
        from (select * from rows order by value desc nulls last, created_at desc, repo_key, number
          limit ${limit}) g)
    ) as data`);
  const data = (result as unknown as { rows: Array<{ data: unknown }> }).rows[0]!.data;
  const parsed = (typeof data === 'string' ? JSON.parse(data) : data) as PrItems;
  return {
    total: Number(parsed.total),
    items: parsed.items.map((item) => ({
      ...item,
      number: Number(item.number),
      value: item.value === null ? null : Number(item.value),
    })),
  };
}

/**
 * The lower-cased GitHub logins of a team's members, or null when the team is not one of the
 * project's.
 */
export async function teamLogins(
  db: Database,
  projectId: string,
  teamId: string,
): Promise<string[] | null> {
  const [team] = await db
    .select({ id: projectTeams.id })
    .from(projectTeams)
    .where(and(eq(projectTeams.id, teamId), eq(projectTeams.projectId, projectId)));
  if (!team) return null;
  const members = await db
    .select({ login: projectMembers.githubLogin })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.teamId, teamId),
        isNotNull(projectMembers.githubLogin),
      ),
    );
  return [...new Set(members.map((member) => member.login!.trim().toLowerCase()))].filter(
    (login) => login !== '',
  );
}
