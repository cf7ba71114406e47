import { sql, type SQL } from 'drizzle-orm';
import { projectRepos } from './schema/index.js';

/**
 * How the tables of forge data (pull requests, reviews, GitHub snapshots, watched repositories)
 * name a repository: `owner/repo` in lower case, since forges compare names case-insensitively.
 * The forge is a column of its own. (A project repository's `repo_key` is another key: the
 * whole address, host included — `parseRepositoryUrl`'s.)
 */
export const repoKeyOf = (ref: { owner: string; repo: string }): string =>
  `${ref.owner}/${ref.repo}`.toLowerCase();

/** `repoKeyOf` of a `project_repos` row, in SQL: where a statement joins forge data to projects. */
export const projectRepoKeySql: SQL = sql`lower(${projectRepos.owner} || '/' || ${projectRepos.repo})`;
