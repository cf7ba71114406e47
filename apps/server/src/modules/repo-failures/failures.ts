import {
  failureAction,
  isTemporaryFailure,
  JobErrorCodes,
  RepoFetchErrorCodes,
  type RepoFailure,
  type RepoFailureSource,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { repoStates, type RepoStateRow } from './queries.js';

const FETCH_CODES: ReadonlySet<string> = new Set(Object.values(RepoFetchErrorCodes));

const iso = (value: Date | string | null): string =>
  value === null ? new Date(0).toISOString() : new Date(value).toISOString();

/**
 * The failures of one repository, at most one per source. An analysis that failed because the
 * fetch failed says nothing the fetch's failure does not, so it is left out; the mirror's code is
 * the first word of `last_error` (the rest is git's reason, kept for the logs, never answered).
 */
function failuresOf(row: RepoStateRow): RepoFailure[] {
  const base = {
    projectId: row.project_id,
    projectName: row.project_name,
    repoId: row.repo_id,
    repository: row.provider === 'github' ? `${row.owner}/${row.repo}` : row.url,
    branch: row.branch,
    defaultBranch: row.default_branch,
  };
  const make = (source: RepoFailureSource, code: string, at: string): RepoFailure => ({
    ...base,
    source,
    code,
    temporary: isTemporaryFailure(code),
    action: failureAction(code, row.branch, row.default_branch),
    at,
  });
  const failures: RepoFailure[] = [];
  const fetchCode = row.fetch_error?.split(' ', 1)[0];
  const fetchFailed = fetchCode !== undefined && FETCH_CODES.has(fetchCode);
  if (fetchFailed) failures.push(make('fetch', fetchCode, iso(row.fetch_failed_at)));
  const analysis = row.analysis_error;
  if (
    analysis &&
    analysis.code !== JobErrorCodes.cancelled &&
    !(fetchFailed && FETCH_CODES.has(analysis.code))
  )
    failures.push(make('analysis', analysis.code, iso(analysis.at)));
  if (row.sync_error) failures.push(make('sync', row.sync_error.code, iso(row.sync_error.at)));
  return failures;
}

/**
 * What went wrong with the repositories of a user's projects, for the dashboard, the project list
 * and the project page alike: the ones a user can fix first (a wrong branch, a wrong URL, no
 * GitHub token), then the ones that may pass, each group newest first.
 */
export async function repositoryFailures(
  db: Database,
  ownerId: string,
  projectId: string | null = null,
): Promise<RepoFailure[]> {
  const rows = await repoStates(db, ownerId, projectId);
  return rows
    .flatMap(failuresOf)
    .sort(
      (a, b) =>
        Number(a.temporary) - Number(b.temporary) ||
        b.at.localeCompare(a.at) ||
        a.repository.localeCompare(b.repository),
    );
}

/** What the routes are given: the failures of one user's projects, or of one of them. */
export class RepoFailuresService {
  constructor(private readonly deps: { db: Database }) {}

  forUser(ownerId: string, projectId: string | null): Promise<RepoFailure[]> {
    return repositoryFailures(this.deps.db, ownerId, projectId);
  }
}
