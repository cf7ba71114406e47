import { and, asc, eq, inArray, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { FlowStat } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import {
  githubAccounts,
  memberIdentities,
  projectMembers,
  projectRepos,
  projects,
  projectTeams,
} from '../../db/schema/index.js';
import { ANALYZE_JOB, analyzeDedupeKeySql } from '../analysis/index.js';
import { countedReview, pullRequestKindSql } from '../analytics/index.js';
import type { HistoryPerson } from './matching.js';

export type TeamRow = typeof projectTeams.$inferSelect;
export type IdentityRow = typeof memberIdentities.$inferSelect;

// ── Teams ─────────────────────────────────────────────────────────────────────────────────

export function listTeams(db: Database, projectId: string) {
  return db
    .select()
    .from(projectTeams)
    .where(eq(projectTeams.projectId, projectId))
    .orderBy(asc(projectTeams.name));
}

export async function findTeam(db: Database, projectId: string, teamId: string) {
  const [row] = await db
    .select()
    .from(projectTeams)
    .where(and(eq(projectTeams.projectId, projectId), eq(projectTeams.id, teamId)));
  return row;
}

/** A team of the project with this name, case-insensitively (another one than `exceptId`). */
export async function teamNamed(db: Database, projectId: string, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: projectTeams.id })
    .from(projectTeams)
    .where(
      and(
        eq(projectTeams.projectId, projectId),
        sql`lower(${projectTeams.name}) = lower(${name})`,
        exceptId ? sql`${projectTeams.id} <> ${exceptId}::uuid` : undefined,
      ),
    );
  return row;
}

export async function insertTeam(db: Database, projectId: string, name: string) {
  const [row] = await db.insert(projectTeams).values({ projectId, name }).returning();
  return row!;
}

export async function renameTeam(db: Database, teamId: string, name: string) {
  const [row] = await db
    .update(projectTeams)
    .set({ name })
    .where(eq(projectTeams.id, teamId))
    .returning();
  return row!;
}

/** Removes the team; its members belong to no team afterwards. */
export async function deleteTeam(db: Database, projectId: string, teamId: string) {
  await db
    .update(projectMembers)
    .set({ teamId: null })
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.teamId, teamId)));
  await db.delete(projectTeams).where(eq(projectTeams.id, teamId));
}

/** The team holds exactly these members: others leave it, these leave any other team. */
export async function setTeamMembers(
  db: Database,
  projectId: string,
  teamId: string,
  memberIds: string[],
) {
  await db
    .update(projectMembers)
    .set({ teamId: null })
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.teamId, teamId),
        memberIds.length > 0 ? notInArray(projectMembers.id, memberIds) : undefined,
      ),
    );
  if (memberIds.length > 0)
    await db
      .update(projectMembers)
      .set({ teamId })
      .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.id, memberIds)));
}

// ── Members and identities ────────────────────────────────────────────────────────────────

export function membersOf(db: Database, projectId: string) {
  return db
    .select({
      id: projectMembers.id,
      name: projectMembers.name,
      githubLogin: projectMembers.githubLogin,
      teamId: projectMembers.teamId,
    })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(projectMembers.createdAt), asc(projectMembers.id));
}

export function identitiesOf(db: Database, projectId: string) {
  return db
    .select()
    .from(memberIdentities)
    .where(eq(memberIdentities.projectId, projectId))
    .orderBy(
      asc(memberIdentities.createdAt),
      asc(memberIdentities.kind),
      asc(memberIdentities.key),
    );
}

export async function replaceIdentities(
  db: Database,
  projectId: string,
  memberId: string,
  identities: Array<{ kind: 'email' | 'name'; value: string; key: string }>,
) {
  await db.delete(memberIdentities).where(eq(memberIdentities.memberId, memberId));
  if (identities.length > 0)
    await db
      .insert(memberIdentities)
      .values(identities.map((identity) => ({ projectId, memberId, ...identity })));
}

// ── People across projects ────────────────────────────────────────────────────────────────

/** A project (any owner's) with its owner. */
export async function findProject(db: Database, projectId: string) {
  const [row] = await db
    .select({ id: projects.id, name: projects.name, ownerId: projects.ownerId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row;
}

export async function findMember(db: Database, projectId: string, memberId: string) {
  const [row] = await db
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.id, memberId)));
  return row;
}

/** The user's linked GitHub login, or null. */
export async function githubLoginOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ login: githubAccounts.login })
    .from(githubAccounts)
    .where(eq(githubAccounts.userId, userId));
  return row?.login ?? null;
}

/** Every membership of a GitHub login, with its project. */
export function membershipsOfLogin(db: Database, login: string) {
  return db
    .select({
      memberId: projectMembers.id,
      name: projectMembers.name,
      projectId: projects.id,
      projectName: projects.name,
      ownerId: projects.ownerId,
    })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(
      and(
        isNotNull(projectMembers.githubLogin),
        sql`lower(${projectMembers.githubLogin}) = lower(${login})`,
      ),
    )
    .orderBy(asc(projects.name), asc(projects.id));
}

/** `owner/repo` keys (lower case) of the project's GitHub repositories. */
export async function githubRepoKeys(db: Database, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ repoKey: projectRepos.repoKey })
    .from(projectRepos)
    .where(and(eq(projectRepos.projectId, projectId), eq(projectRepos.provider, 'github')));
  return rows.map((row) => row.repoKey);
}

// ── Stored histories ──────────────────────────────────────────────────────────────────────

export interface StoredHistory {
  window: { since: string; until: string };
  people: HistoryPerson[];
}

/**
 * The latest stored history analysis of each repository of the project (the result of its last
 * successful history job on its branch), cut to its window and its people in one statement.
 */
export async function latestHistories(db: Database, projectId: string): Promise<StoredHistory[]> {
  const result = await db.execute(sql`
    select distinct on (pr.id) json_build_object(
        'window', ar.result -> 'window',
        'people', (select coalesce(json_agg(json_build_object('name', a ->> 'name',
          'email', a ->> 'email', 'bot', coalesce((a ->> 'bot')::boolean, false),
          'commits', coalesce((a ->> 'commits')::int, 0),
          'firstCommitDate', a ->> 'firstCommitDate', 'lastCommitDate', a ->> 'lastCommitDate')), '[]')
          from jsonb_array_elements(coalesce(ar.result -> 'authors', '[]'::jsonb)) a)) as part
    from project_repos pr
    join jobs j on j.kind = ${ANALYZE_JOB} and j.status = 'succeeded'
      and j.dedupe_key = ${analyzeDedupeKeySql(sql`'history'`, sql`pr.branch`, sql`pr.url`)}
    join analysis_results ar on ar.id = (j.result ->> 'resultId')::uuid
    where pr.project_id = ${projectId}::uuid
    order by pr.id, j.finished_at desc nulls last`);
  const rows = (result as unknown as { rows: Array<{ part: unknown }> }).rows;
  return rows.map(
    (row) => (typeof row.part === 'string' ? JSON.parse(row.part) : row.part) as StoredHistory,
  );
}

// ── One person's pull-request figures ─────────────────────────────────────────────────────

export interface PersonPrFigures {
  opened: number;
  merged: number;
  reviews: number;
  time_to_first_review: FlowStat;
  time_to_merge: FlowStat;
  cycle_time: FlowStat;
}

const within = (column: SQL, since: string, until: string) =>
  sql`(${column} >= ${since}::timestamptz and ${column} <= ${until}::timestamptz)`;
const hoursBetween = (start: SQL, end: SQL) =>
  sql`(extract(epoch from (${end} - ${start})) / 3600.0)`;

/** One flow time as the contract's FlowStat, over the rows where `ends` (as analytics measures it). */
function flowStat(ends: SQL, span: SQL): SQL {
  const measured = sql`(${ends} and ${span} >= 0)`;
  return sql`json_build_object(
    'count', count(*) filter (where ${measured}),
    'median', percentile_cont(0.5) within group (order by ${span}) filter (where ${measured}),
    'p75', percentile_cont(0.75) within group (order by ${span}) filter (where ${measured}),
    'avg', avg(${span}) filter (where ${measured}),
    'not_measurable', count(*) filter (where ${ends} and (${span} is null or ${span} < 0)))`;
}

/**
 * The pull requests one GitHub login opened and merged in [since, until] and the counted reviews
 * they gave on others' ones, over the project's repositories as its owner sees them, with the
 * Analytics tab's definitions (docs/metrics.md): a pull request counts when it is a person's or an
 * AI agent's work under their name, a review when it is counted there.
 */
export async function personPrFigures(
  db: Database,
  scope: { repoKeys: string[]; userId: string; login: string },
  since: string,
  until: string,
): Promise<PersonPrFigures> {
  const empty: FlowStat = { count: 0, median: null, p75: null, avg: null, not_measurable: 0 };
  if (scope.repoKeys.length === 0)
    return {
      opened: 0,
      merged: 0,
      reviews: 0,
      time_to_first_review: empty,
      time_to_merge: empty,
      cycle_time: empty,
    };
  const keys = sql.join(
    scope.repoKeys.map((key) => sql`${key}`),
    sql`, `,
  );
  const visible = sql`p.forge = 'github' and p.repo_key in (${keys}) and p.scope in ('', ${scope.userId})`;
  const merged = within(sql`merged_at`, since, until);
  const stmt = sql`with f as materialized (
      select p.created_at, p.merged_at, p.first_commit_at,
        coalesce(p.ready_for_review_at, p.created_at) as pickup_from,
        (select min(r.submitted_at) from pull_request_reviews r
          where r.pull_request_id = p.id and ${countedReview}) as first_review_at
      from pull_requests p
      where ${visible} and lower(coalesce(p.author_login, '')) = lower(${scope.login})
        and ${pullRequestKindSql} in ('human', 'agent'))
    select json_build_object(
      'opened', (select count(*) from f where ${within(sql`created_at`, since, until)}),
      'merged', (select count(*) from f where ${merged}),
      'reviews', (select count(*) from pull_requests p join pull_request_reviews r on r.pull_request_id = p.id
        where ${visible} and ${countedReview} and lower(r.author_login) = lower(${scope.login})
          and ${within(sql`r.submitted_at`, since, until)}),
      'time_to_first_review', (select ${flowStat(within(sql`first_review_at`, since, until), hoursBetween(sql`pickup_from`, sql`first_review_at`))} from f),
      'time_to_merge', (select ${flowStat(merged, hoursBetween(sql`created_at`, sql`merged_at`))} from f),
      'cycle_time', (select ${flowStat(merged, hoursBetween(sql`first_commit_at`, sql`merged_at`))} from f)
    ) as data`;
  const result = await db.execute(stmt);
  const data = (result as unknown as { rows: Array<{ data: unknown }> }).rows[0]!.data;
  const parsed = (typeof data === 'string' ? JSON.parse(data) : data) as PersonPrFigures;
  return {
    ...parsed,
    opened: Number(parsed.opened),
    merged: Number(parsed.merged),
    reviews: Number(parsed.reviews),
  };
}
