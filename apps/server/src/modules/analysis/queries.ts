import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnalysisKind } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import {
  analysisResults,
  jobHandles,
  jobs,
  projectRepos,
  projects,
  repoMirrors,
} from '../../db/schema/index.js';
import type { HeldJobView, JobView } from '../../jobs/handle-queries.js';
import { ANALYZE_JOB } from './analyze-job.js';

export type AnalysisResultRow = typeof analysisResults.$inferSelect;

export async function findResult(
  db: Database,
  key: { repoUrl: string; kind: string; revision: string; analyzerVersion: string },
): Promise<AnalysisResultRow | undefined> {
  const [row] = await db
    .select()
    .from(analysisResults)
    .where(
      and(
        eq(analysisResults.repoUrl, key.repoUrl),
        eq(analysisResults.kind, key.kind),
        eq(analysisResults.revision, key.revision),
        eq(analysisResults.analyzerVersion, key.analyzerVersion),
      ),
    )
    .limit(1);
  return row;
}

/** Stores a result; a concurrent identical computation keeps the first row. */
export async function insertResult(
  db: Database,
  values: typeof analysisResults.$inferInsert,
): Promise<AnalysisResultRow> {
  const [row] = await db.insert(analysisResults).values(values).onConflictDoNothing().returning();
  return row ?? (await findResult(db, values as Parameters<typeof findResult>[1]))!;
}

export async function listResultsForRepo(
  db: Database,
  repoUrl: string,
): Promise<AnalysisResultRow[]> {
  return db
    .select()
    .from(analysisResults)
    .where(eq(analysisResults.repoUrl, repoUrl))
    .orderBy(desc(analysisResults.createdAt));
}

/** The JSON text of stored results by id, as PostgreSQL writes jsonb (no parse, no stringify). */
export async function resultTexts(
  db: Database,
  ids: readonly string[],
): Promise<Array<{ id: string; text: string }>> {
  return db
    .select({ id: analysisResults.id, text: sql<string>`${analysisResults.result}::text` })
    .from(analysisResults)
    .where(inArray(analysisResults.id, [...ids]));
}

/** What one repository of the project has for one kind of analysis, read in the same statement. */
export interface RepoLook {
  repo: { id: string; name: string; owner: string; repo: string; url: string; branch: string };
  /** The result of this branch's last successful job (the stored text is fetched by id). */
  latest: { id: string; commitSha: string | null; analyzerVersion: string; createdAt: Date } | null;
  mirror: { lastFetchedAt: Date | null; defaultBranch: string | null };
  /** The newest job of this repository, branch and kind, whoever asked for it. */
  shared: JobView | null;
  /** This user's newest handle (for this project) on such a job. */
  held: HeldJobView | null;
}

export interface ProjectLook {
  status: 'active' | 'inactive' | 'archived';
  repos: RepoLook[];
}

/**
 * analyzeDedupeKey written in SQL, for queries that find a project repository's jobs: each argument
 * is an SQL expression (the kind, the saved branch, where empty is the default branch, and the URL).
 */
export function analyzeDedupeKeySql(kind: SQL, branch: SQL, url: SQL): SQL {
  return sql`'analyze:' || ${kind} || ':' || coalesce(nullif(${branch}, ''), 'HEAD') || ':' || ${url}`;
}

/** The job key of the repository row's analysis of the kind asked. */
const dedupeKey = analyzeDedupeKeySql(
  sql`${sql.placeholder('kind')}::text`,
  sql`${projectRepos.branch}`,
  sql`${projectRepos.url}`,
);

/** A job as json_build_object writes it: timestamps as ISO text. */
interface JobJson {
  id: string;
  kind: string;
  status: JobView['status'];
  stage: string | null;
  progress: number;
  error: JobView['error'];
  attempts: number;
  updatedAt: string;
  finishedAt: string | null;
}

const jobJson = sql`'id', ${jobs.id}, 'kind', ${jobs.kind}, 'status', ${jobs.status}, 'stage', ${jobs.stage}, 'progress', ${jobs.progress}, 'error', ${jobs.error}, 'attempts', ${jobs.attempts}, 'updatedAt', ${jobs.updatedAt}, 'finishedAt', ${jobs.finishedAt}`;

const toJobView = (job: JobJson): JobView => ({
  ...job,
  updatedAt: new Date(job.updatedAt),
  finishedAt: job.finishedAt === null ? null : new Date(job.finishedAt),
});

/**
 * Everything a project analysis page needs to decide, for every repository, in one statement: the
 * project (only when `ownerId` owns it: the access check), its repositories in the user's order,
 * and per repository its branch's latest result, the mirror, the newest shared job and the user's
 * handle. Eight round trips per request before (two project reads, the repositories, four per
 * repository): on PGlite each statement costs the same fixed work in the one thread that serves
 * every request, and on PostgreSQL a socket round trip. The three per-repository rows are scalar
 * subqueries returning one json object each: planning them cost PGlite ~0.5 ms less CPU than the
 * same reads as lateral joins (the planner then searches join orders over six relations). The
 * stored result itself is not selected: its text comes by id (StoredResults), usually from memory.
 */
export async function lookAtProject(
  db: Database,
  ownerId: string,
  projectId: string,
  kind: AnalysisKind,
): Promise<ProjectLook | undefined> {
  let statement = lookStatements.get(db);
  if (!statement) lookStatements.set(db, (statement = prepareLook(db)));
  const rows = await statement.execute({ ownerId, projectId, kind });
  const [first] = rows;
  if (!first) return undefined;
  return {
    status: first.status,
    repos: rows.flatMap((row): RepoLook[] =>
      row.repo
        ? [
            {
              repo: row.repo,
              latest: row.latest && {
                ...row.latest,
                createdAt: new Date(row.latest.createdAt),
              },
              mirror: {
                lastFetchedAt: row.lastFetchedAt ?? null,
                defaultBranch: row.defaultBranch ?? null,
              },
              shared: row.shared && toJobView(row.shared),
              held: row.held && {
                handle: {
                  id: row.held.handleId,
                  createdAt: new Date(row.held.handleCreatedAt),
                  cancelledAt:
                    row.held.handleCancelledAt === null
                      ? null
                      : new Date(row.held.handleCancelledAt),
                },
                job: toJobView(row.held),
              },
            },
          ]
        : [],
    ),
  };
}

/**
 * The statement is built once per database and prepared (on PostgreSQL, a named statement each
 * connection parses and plans once): building this SQL with Drizzle cost ~0.7 ms CPU a request.
 */
const lookStatements = new WeakMap<Database, ReturnType<typeof prepareLook>>();

function prepareLook(db: Database) {
  const latest = sql<{
    id: string;
    commitSha: string | null;
    analyzerVersion: string;
    createdAt: string;
  } | null>`(select json_build_object('id', ${analysisResults.id}, 'commitSha', ${analysisResults.commitSha}, 'analyzerVersion', ${analysisResults.analyzerVersion}, 'createdAt', ${analysisResults.createdAt})
    from ${jobs} join ${analysisResults} on ${analysisResults.id} = (${jobs.result} ->> 'resultId')::uuid
    where ${jobs.kind} = ${ANALYZE_JOB} and ${jobs.dedupeKey} = ${dedupeKey} and ${jobs.status} = 'succeeded'
    order by ${jobs.finishedAt} desc limit 1)`;
  const shared = sql<JobJson | null>`(select json_build_object(${jobJson})
    from ${jobs} where ${jobs.dedupeKey} = ${dedupeKey}
    order by ${jobs.createdAt} desc limit 1)`;
  const held = sql<
    | (JobJson & { handleId: string; handleCreatedAt: string; handleCancelledAt: string | null })
    | null
  >`(select json_build_object(${jobJson}, 'handleId', ${jobHandles.id}, 'handleCreatedAt', ${jobHandles.createdAt}, 'handleCancelledAt', ${jobHandles.cancelledAt})
    from ${jobHandles} join ${jobs} on ${jobs.id} = ${jobHandles.jobId}
    where ${jobHandles.ownerId} = ${sql.placeholder('ownerId')} and ${jobHandles.projectId} = ${projects.id} and ${jobs.dedupeKey} = ${dedupeKey}
    order by ${jobs.createdAt} desc, ${jobHandles.createdAt} desc limit 1)`;
  const { id, name, owner, repo, url, branch } = getTableColumns(projectRepos);
  return db
    .select({
      status: projects.status,
      repo: { id, name, owner, repo, url, branch },
      lastFetchedAt: repoMirrors.lastFetchedAt,
      defaultBranch: repoMirrors.defaultBranch,
      latest,
      shared,
      held,
    })
    .from(projects)
    .leftJoin(projectRepos, eq(projectRepos.projectId, projects.id))
    .leftJoin(repoMirrors, eq(repoMirrors.url, projectRepos.url))
    .where(
      and(
        eq(projects.id, sql.placeholder('projectId')),
        eq(projects.ownerId, sql.placeholder('ownerId')),
      ),
    )
    .orderBy(asc(projectRepos.position), asc(projectRepos.createdAt), asc(projectRepos.id))
    .prepare('rota_project_analysis_look');
}

/**
 * Every table a stored-analysis answer is read from (lookAtProject, StoredResults), with the column
 * that names the one project a row's change can touch; null: a row may touch any project (a job is
 * shared by every project with the same repository, branch and kind; a mirror and a result by URL).
 */
const TABLES: ReadonlyArray<[table: string, projectColumn: string | null]> = [
  ['projects', 'id'],
  ['project_repos', 'project_id'],
  ['job_handles', 'project_id'],
  ['jobs', null],
  ['repo_mirrors', null],
  ['analysis_results', null],
];

/**
 * Installs triggers that NOTIFY `channel` on every row written to those tables — the project id
 * when the row names one (before and after an update), else `*` — and on every truncation (`*`).
 * Row triggers, not statement triggers: the job queue polls `jobs` with updates that often match no
 * row, and each such statement would forget every answer. The triggers belong to the embedded
 * answer cache (answer-cache.ts), made at its start like KnownUsers' (not a migration: PostgreSQL
 * deployments hold no such cache).
 */
export async function announceAnswerChanges(db: Database, channel: string): Promise<void> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  await db.execute(
    sql.raw(`create or replace function rota_analysis_answers_changed() returns trigger language plpgsql as $$
      begin
        if tg_level = 'STATEMENT' or tg_nargs = 0 then
          perform pg_notify('${channel}', '*');
          return null;
        end if;
        if tg_op <> 'INSERT' then
          perform pg_notify('${channel}', coalesce(to_jsonb(old) ->> tg_argv[0], '*'));
        end if;
        if tg_op <> 'DELETE' then
          perform pg_notify('${channel}', coalesce(to_jsonb(new) ->> tg_argv[0], '*'));
        end if;
        return null;
      end $$`),
  );
  for (const [table, column] of TABLES) {
    await db.execute(
      sql.raw(`create or replace trigger rota_analysis_answers_written
        after insert or update or delete on ${table}
        for each row execute function rota_analysis_answers_changed(${column ? `'${column}'` : ''})`),
    );
    await db.execute(
      sql.raw(`create or replace trigger rota_analysis_answers_truncated after truncate on ${table}
        for each statement execute function rota_analysis_answers_changed()`),
    );
  }
}
