import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ANALYZE_JOB, analyzeDedupeKeySql } from '../analysis/index.js';

/** One project repository with the last failure of each kind of work Rota did on it. */
export interface RepoStateRow {
  project_id: string;
  project_name: string;
  repo_id: string;
  owner: string;
  repo: string;
  url: string;
  branch: string | null;
  provider: string;
  default_branch: string | null;
  /** repo_mirrors.last_error: `<code>[ <reason>]`, set by a failed fetch, cleared by a good one. */
  fetch_error: string | null;
  fetch_failed_at: Date | string | null;
  /** The newest analysis job of any kind whose latest run failed: `{code, at}`. */
  analysis_error: { code: string; at: string } | null;
  /** The user's (or the public) pull-request sync row, when its last attempt failed. */
  sync_error: { code: string; at: string } | null;
}

/**
 * The one read of what went wrong with the repositories of a user's projects: the mirror's last
 * fetch, each analysis kind's newest job (failed only when that newest one failed: a later
 * success or a running retry clears it), and the pull-request sync row the user reads. Archived
 * projects are left out: they start no work. The analysis jobs are found by their dedupe key
 * (analyzeDedupeKey: kind, branch or HEAD, URL), as the project page finds them.
 */
export async function repoStates(
  db: Database,
  ownerId: string,
  projectId: string | null,
): Promise<RepoStateRow[]> {
  const result = await db.execute(sql`
    select p.id as project_id, p.name as project_name, pr.id as repo_id, pr.owner, pr.repo, pr.url,
      nullif(pr.branch, '') as branch, pr.provider, m.default_branch,
      m.last_error as fetch_error, m.updated_at as fetch_failed_at,
      (select json_build_object('code', newest.error ->> 'code', 'at', newest.finished_at)
        from (select distinct on (j.dedupe_key) j.status, j.error, j.finished_at
          from jobs j
          cross join (values ('structure'), ('branches'), ('readme'), ('diagram'), ('history')) as kinds(kind)
          where j.kind = ${ANALYZE_JOB}
            and j.dedupe_key = ${analyzeDedupeKeySql(sql`kinds.kind`, sql`pr.branch`, sql`pr.url`)}
          order by j.dedupe_key, j.created_at desc) newest
        where newest.status = 'failed' and newest.error ->> 'code' is not null
        order by newest.finished_at desc nulls last limit 1) as analysis_error,
      (select json_build_object('code', s.error ->> 'code', 'at', s.attempted_at)
        from pull_request_syncs s
        where pr.provider = 'github' and s.forge = 'github'
          and s.repo_key = lower(pr.owner || '/' || pr.repo)
          and s.scope in ('', ${ownerId}) and s.status = 'failed' and s.error ->> 'code' is not null
        order by s.attempted_at desc limit 1) as sync_error
    from projects p
    join project_repos pr on pr.project_id = p.id
    left join repo_mirrors m on m.url = pr.url
    where p.owner_id = ${ownerId}::uuid and p.status <> 'archived'
      ${projectId === null ? sql`` : sql`and p.id = ${projectId}::uuid`}
    order by p.name, p.id, pr.position, pr.created_at, pr.id`);
  return (result as unknown as { rows: RepoStateRow[] }).rows.map((row) => ({
    ...row,
    analysis_error: parsed(row.analysis_error),
    sync_error: parsed(row.sync_error),
  }));
}

// PGlite hands json back parsed, node-postgres too; a driver that returns text is read here.
function parsed<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
