import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { countedReview, pullRequestKindSql } from '../analytics/index.js';

/*
 * The delivery module's statements (docs/metrics.md "Delivery (DORA)"): what each repository's
 * sources hold, the counted deployments of the chosen ones, the merged pull requests with the first
 * deployment that brought them, the incidents, and the project's settings and team.
 */

/** Statuses of a completed deployment: a success (`inactive`: a success a later one superseded). */
export const SUCCESS_STATUSES = ['success', 'inactive'] as const;
/** Statuses of a completed deployment that failed. */
export const FAILED_STATUSES = ['failure', 'error'] as const;

const list = (values: readonly string[]): SQL =>
  values.length === 0
    ? sql`(null::text)`
    : sql`(${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )})`;
/** The rows of a statement's answer (PGlite and node-postgres both carry `rows`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Where a project's deployments are read: repository keys and the owner's private scope. */
export interface DeliveryScope {
  repoKeys: string[];
  ownerId: string;
}

export interface CatalogRow {
  repo_key: string;
  source: string;
  name: string;
  /** Completed successful deployments of this name. */
  succeeded: number;
  last_succeeded_at: string | null;
}

/** Per repository, source and name: how many successful deployments there are, and the newest. */
export async function deploymentCatalog(db: Database, scope: DeliveryScope) {
  const result = await db.execute(sql`select d.repo_key, d.source, d.name,
      (count(*) filter (where d.status in ${list(SUCCESS_STATUSES)}))::int as succeeded,
      ${iso(sql`max(d.deployed_at) filter (where d.status in ${list(SUCCESS_STATUSES)})`)} as last_succeeded_at
    from deployments d
    where d.repo_key in ${list(scope.repoKeys)} and d.scope in ('', ${scope.ownerId})
    group by d.repo_key, d.source, d.name`);
  return rowsOf<CatalogRow>(result);
}

/** The (repository, source, name) triples whose deployments count. */
export interface ChosenName {
  repo_key: string;
  source: string;
  name: string;
}

const chosenCte = (chosen: ChosenName[]) =>
  sql`chosen as (select * from json_to_recordset(${JSON.stringify(chosen)}::json)
    as c(repo_key text, source text, name text))`;

export interface DeploymentRow {
  id: string;
  repo_key: string;
  source: 'deployments' | 'releases' | 'workflow_runs' | 'tags';
  name: string;
  sha: string;
  status: string;
  deployed_at: string;
  url: string | null;
}

/**
 * The completed deployments of the chosen names deployed at or after `from`, oldest first. The
 * figures look back at most 24 h from a deployment or an incident of the period (the deployment
 * before, the deployment an incident is attributed to), so the caller starts two days early.
 */
export async function chosenDeployments(
  db: Database,
  scope: DeliveryScope,
  chosen: ChosenName[],
  from: string,
): Promise<DeploymentRow[]> {
  if (chosen.length === 0) return [];
  const result = await db.execute(sql`with ${chosenCte(chosen)}
    select d.id, d.repo_key, d.source, d.name, d.sha, d.status, ${iso(sql`d.deployed_at`)} as deployed_at, d.url
    from deployments d
    join chosen c on c.repo_key = d.repo_key and c.source = d.source and c.name = d.name
    where d.scope in ('', ${scope.ownerId})
      and d.status in ${list([...SUCCESS_STATUSES, ...FAILED_STATUSES])}
      and d.deployed_at >= ${from}::timestamptz
    order by d.deployed_at, d.id`);
  return rowsOf<DeploymentRow>(result);
}

export interface PullRow {
  id: string;
  repo_key: string;
  number: number;
  title: string;
  url: string;
  author_login: string | null;
  kind: 'human' | 'bot' | 'agent';
  created_at: string;
  merged_at: string;
  first_commit_at: string | null;
  ready_for_review_at: string | null;
  first_review_at: string | null;
  has_merge_sha: boolean;
  /** The first successful chosen deployment that brought it (null: not deployed yet). */
  deployment_id: string | null;
  deployed_at: string | null;
}

/**
 * Merged pull requests of the scope merged in the period or deployed in it, each with the first
 * successful deployment of its repository's chosen names at or after the first deployment of that
 * source whose commits hold its merge commit (`deployment_commits`).
 */
export async function mergedPulls(
  db: Database,
  scope: DeliveryScope,
  chosen: ChosenName[],
  period: { since: string; until: string },
): Promise<PullRow[]> {
  const within = (column: SQL) =>
    sql`(${column} >= ${period.since}::timestamptz and ${column} <= ${period.until}::timestamptz)`;
  const result = await db.execute(sql`with ${chosenCte(chosen)}
    select p.id, p.repo_key, p.number, p.title, p.url, p.author_login, ${pullRequestKindSql} as kind,
      ${iso(sql`p.created_at`)} as created_at, ${iso(sql`p.merged_at`)} as merged_at,
      ${iso(sql`p.first_commit_at`)} as first_commit_at,
      ${iso(sql`p.ready_for_review_at`)} as ready_for_review_at,
      ${iso(sql`(select min(r.submitted_at) from pull_request_reviews r
        where r.pull_request_id = p.id and ${countedReview})`)} as first_review_at,
      (p.merge_commit_sha is not null) as has_merge_sha,
      dep.id as deployment_id, ${iso(sql`dep.deployed_at`)} as deployed_at
    from pull_requests p
    left join lateral (
      select d.id, d.deployed_at from deployments d
      join chosen c on c.repo_key = d.repo_key and c.source = d.source and c.name = d.name
      where d.repo_key = p.repo_key and d.scope in ('', ${scope.ownerId})
        and d.status in ${list(SUCCESS_STATUSES)}
        and d.deployed_at >= (select min(d0.deployed_at) from deployment_commits dc
          join deployments d0 on d0.id = dc.deployment_id
          where dc.sha = p.merge_commit_sha and d0.repo_key = p.repo_key
            and d0.scope in ('', ${scope.ownerId}) and d0.source = d.source)
      order by d.deployed_at, d.id
      limit 1) dep on true
    where p.forge = 'github' and p.repo_key in ${list(scope.repoKeys)}
      and p.scope in ('', ${scope.ownerId}) and p.merged_at is not null
      and (${within(sql`p.merged_at`)} or ${within(sql`dep.deployed_at`)})
    order by p.merged_at, p.repo_key, p.number`);
  return rowsOf<PullRow>(result);
}

/** A commit of a repository without pull requests, with the deployment that brought it. */
export interface CommitRow {
  repo_key: string;
  sha: string;
  authored_at: string | null;
  author_name: string | null;
  subject: string | null;
  deployment_id: string;
  deployed_at: string;
}

/**
 * The commits of repositories without pull requests (plain git hosts, local paths) that reached
 * a successful deployment of the chosen names in the period: each commit goes to the first such
 * deployment at or after the first deployment of its source that contained it, as a merged pull
 * request does in `mergedPulls`.
 */
export async function deployedCommits(
  db: Database,
  scope: DeliveryScope,
  chosen: ChosenName[],
  period: { since: string; until: string },
): Promise<CommitRow[]> {
  if (chosen.length === 0 || scope.repoKeys.length === 0) return [];
  // Per deployment first, then its commits: a repository has far fewer deployments than commits.
  const result = await db.execute(sql`with ${chosenCte(chosen)},
    target as (select d0.id as first_id, d0.repo_key, dep.id as deployment_id, dep.deployed_at
      from deployments d0
      join lateral (
        select d.id, d.deployed_at from deployments d
        join chosen c on c.repo_key = d.repo_key and c.source = d.source and c.name = d.name
        where d.repo_key = d0.repo_key and d.source = d0.source and d.scope in ('', ${scope.ownerId})
          and d.status in ${list(SUCCESS_STATUSES)} and d.deployed_at >= d0.deployed_at
        order by d.deployed_at, d.id
        limit 1) dep on true
      where d0.repo_key in ${list(scope.repoKeys)} and d0.scope in ('', ${scope.ownerId})
        and exists (select 1 from chosen c where c.repo_key = d0.repo_key and c.source = d0.source)
        and dep.deployed_at >= ${period.since}::timestamptz
        and dep.deployed_at <= ${period.until}::timestamptz)
    select t.repo_key, dc.sha, ${iso(sql`dc.authored_at`)} as authored_at, dc.author_name, dc.subject,
      t.deployment_id, ${iso(sql`t.deployed_at`)} as deployed_at
    from target t join deployment_commits dc on dc.deployment_id = t.first_id
    order by t.deployed_at, dc.sha`);
  return rowsOf<CommitRow>(result);
}

export interface IncidentRow {
  id: string;
  source: 'issues' | 'api';
  repo_key: string | null;
  title: string;
  url: string | null;
  labels: string[];
  started_at: string;
  resolved_at: string | null;
}

/**
 * The project's posted incidents and the labelled issues of its GitHub repositories started at or
 * after `from` (the caller starts two days before the period, as for deployments).
 */
export async function incidentsOf(
  db: Database,
  scope: DeliveryScope,
  projectId: string,
  from: string,
): Promise<IncidentRow[]> {
  const result = await db.execute(sql`select i.id, i.source, i.repo_key, i.title, i.url, i.labels,
      ${iso(sql`i.started_at`)} as started_at, ${iso(sql`i.resolved_at`)} as resolved_at
    from incidents i
    where ((i.source = 'api' and i.project_id = ${projectId})
      or (i.source = 'issues' and i.repo_key in ${list(scope.repoKeys)}
        and i.scope in ('', ${scope.ownerId})))
      and i.started_at >= ${from}::timestamptz
    order by i.started_at, i.id`);
  return rowsOf<IncidentRow>(result);
}

/** The project's deployment source choices and incident label pattern. */
export async function deliverySettingsOf(db: Database, projectId: string) {
  const [sources, settings] = await Promise.all([
    db.execute(sql`select repo_id, source, pattern from repo_delivery_sources
      where project_id = ${projectId}`),
    db.execute(sql`select incident_label_pattern from project_delivery_settings
      where project_id = ${projectId}`),
  ]);
  return {
    sources: rowsOf<{ repo_id: string; source: string; pattern: string | null }>(sources),
    incidentLabelPattern:
      rowsOf<{ incident_label_pattern: string | null }>(settings)[0]?.incident_label_pattern ??
      null,
  };
}

/** The GitHub logins (lower case) of a team's members; null when the project has no such team. */
export async function teamLogins(
  db: Database,
  projectId: string,
  teamId: string,
): Promise<string[] | null> {
  const team = await db.execute(
    sql`select id from project_teams where id = ${teamId} and project_id = ${projectId}`,
  );
  if (rowsOf(team).length === 0) return null;
  const members = await db.execute(sql`select lower(github_login) as login from project_members
    where project_id = ${projectId} and team_id = ${teamId} and github_login is not null`);
  return rowsOf<{ login: string }>(members).map((row) => row.login);
}
