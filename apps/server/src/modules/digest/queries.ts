import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';

/*
 * The digest's reads: who may get one, which projects a user's digest covers, Rota's reviews that
 * asked for changes, and the stored analyses either side of a period. Read-only.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const textList = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

export interface Recipient {
  id: string;
  email: string;
}

/** Users whose stored choice does not switch the digest off (the default is weekly). */
export async function digestRecipients(db: Database): Promise<Recipient[]> {
  return rowsOf<Recipient>(
    await db.execute(sql`select u.id, u.email from users u
      left join user_settings s on s.user_id = u.id
      where coalesce(s.notifications ->> 'digest', '') <> 'off'
      order by u.id`),
  );
}

export async function recipient(db: Database, userId: string): Promise<Recipient | undefined> {
  return rowsOf<Recipient>(
    await db.execute(sql`select id, email from users where id = ${userId}::uuid`),
  )[0];
}

export interface DigestProject {
  id: string;
  name: string;
  owner_id: string;
}

/**
 * A user's projects: those they own, and those naming their GitHub login among the members
 * (compared case-insensitively); archived ones are left out.
 */
export async function projectsOfUser(db: Database, userId: string): Promise<DigestProject[]> {
  return rowsOf<DigestProject>(
    await db.execute(sql`select p.id, p.name, p.owner_id from projects p
      where p.status <> 'archived' and (p.owner_id = ${userId}::uuid or exists (
        select 1 from project_members m join github_accounts g on g.user_id = ${userId}::uuid
        where m.project_id = p.id and lower(m.github_login) = lower(g.login)))
      order by lower(p.name), p.id`),
  );
}

export interface ChangesRequestedRow {
  repo_key: string;
  number: number;
  title: string | null;
  url: string | null;
  at: string;
}

/** Rota's finished reviews whose verdict asked for changes in (from, to], one per pull request. */
export async function changesRequested(
  db: Database,
  input: { repoKeys: string[]; ownerId: string; from: string; to: string },
): Promise<ChangesRequestedRow[]> {
  if (input.repoKeys.length === 0) return [];
  const rows = rowsOf<ChangesRequestedRow>(
    await db.execute(sql`select * from (select distinct on (r.repo_key, r.number)
        r.repo_key, r.number, p.title, p.url,
        to_char(r.finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
      from reviews r
      left join pull_requests p on p.forge = r.forge and p.repo_key = r.repo_key
        and p.scope = r.scope and p.number = r.number
      where r.forge = 'github' and r.repo_key in (${textList(input.repoKeys)})
        and r.scope in ('', ${input.ownerId}) and r.outcome = 'reviewed'
        and r.status = 'changes_requested'
        and r.finished_at > ${input.from}::timestamptz and r.finished_at <= ${input.to}::timestamptz
      order by r.repo_key, r.number, r.finished_at desc) x
      order by at desc, repo_key, number`),
  );
  return rows.map((row) => ({ ...row, number: Number(row.number) }));
}

export interface AnalysisFigures {
  repo_url: string;
  kind: 'readme' | 'branches' | 'diagram';
  /** 'before': newest stored at or before the period's start; 'now': newest at its end. */
  at: 'before' | 'now';
  readme_score: number | null;
  stale: number | null;
  cycles: string[][] | null;
  /** Node id → label of the diagram, to name a cycle's parts. */
  labels: Record<string, string> | null;
}

/**
 * The figures the digest compares of the newest stored README, branches and diagram analyses of
 * each repository address, at the period's start and at its end (`analysis_results` rows).
 */
export async function analysisFigures(
  db: Database,
  input: { repoUrls: string[]; from: string; to: string },
): Promise<AnalysisFigures[]> {
  if (input.repoUrls.length === 0) return [];
  return rowsOf<AnalysisFigures>(
    await db.execute(sql`select distinct on (ar.repo_url, ar.kind, moments.at)
        ar.repo_url, ar.kind, moments.at,
        case when ar.kind = 'readme' then (ar.result -> 'readme' ->> 'score')::int end as readme_score,
        case when ar.kind = 'branches' then (ar.result -> 'summary' ->> 'stale')::int end as stale,
        case when ar.kind = 'diagram' then ar.result -> 'cycles' end as cycles,
        case when ar.kind = 'diagram' then (select coalesce(json_object_agg(n ->> 'id', n ->> 'label'), '{}')
          from jsonb_array_elements(coalesce(ar.result -> 'nodes', '[]'::jsonb)) n) end as labels
      from analysis_results ar
      cross join (values ('before', ${input.from}::timestamptz), ('now', ${input.to}::timestamptz))
        as moments(at, until)
      where ar.repo_url in (${textList(input.repoUrls)}) and ar.kind in ('readme', 'branches', 'diagram')
        and ar.created_at <= moments.until
      order by ar.repo_url, ar.kind, moments.at, ar.created_at desc`),
  );
}
