import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { projectRepos } from '../../../db/schema/index.js';
import { ANALYZE_JOB, analyzeDedupeKeySql } from '../../analysis/index.js';

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
      and j.dedupe_key = ${analyzeDedupeKeySql(sql`kinds.kind`, sql`pr.branch`, sql`pr.url`)}
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

/** The repositories of these projects (the dashboard's). */
export async function reposOfProjects(db: Database, projectIds: string[]) {
  if (projectIds.length === 0) return [];
  return db.select().from(projectRepos).where(inArray(projectRepos.projectId, projectIds));
}
