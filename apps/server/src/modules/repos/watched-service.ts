import {
  ErrorCodes,
  WatchedRepoMessages,
  type WatchedRepo,
  type WatchedRepoList,
  type WatchRepoBody,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { GitHubClients } from '../github/index.js';
import { gitHubError } from '../github/index.js';
import * as queries from './queries.js';
import { repoKeyOf } from '../../db/repo-key.js';

const toWatched = (row: queries.WatchedRepoRow): WatchedRepo => ({
  forge: 'github',
  owner: row.owner,
  repo: row.repo,
  full_name: `${row.owner}/${row.repo}`,
  html_url: row.htmlUrl,
  private: row.private,
  watched_at: row.createdAt.toISOString(),
});

/**
 * Repositories a user watches (spec §7 Repos). Watching asks GitHub, with the user's credential,
 * whether the repository exists and is visible to them, and stores its canonical spelling.
 */
export class WatchedReposService {
  constructor(private readonly deps: { db: Database; clients: GitHubClients }) {}

  async list(userId: string): Promise<WatchedRepoList> {
    const rows = await queries.listWatched(this.deps.db, userId);
    return { repositories: rows.map(toWatched) };
  }

  async watch(
    userId: string,
    body: WatchRepoBody,
  ): Promise<{ repository: WatchedRepo; created: boolean }> {
    const { octokit } = await this.deps.clients.forUser(userId);
    let found: { owner: { login: string }; name: string; html_url: string; private: boolean };
    try {
      const response = await octokit.request('GET /repos/{owner}/{repo}', {
        owner: body.owner,
        repo: body.repo,
      });
      found = response.data;
    } catch (error) {
      const failure = gitHubError(error);
      // GitHub answers 404 both for a missing repository and for a private one this user may not see.
      if (failure.statusCode === 404)
        throw new AppError(ErrorCodes.githubNotFound, WatchedRepoMessages.notOnGitHub);
      throw failure;
    }
    const { row, created } = await queries.watch(this.deps.db, {
      userId,
      forge: 'github',
      owner: found.owner.login,
      repo: found.name,
      repoKey: repoKeyOf({ owner: found.owner.login, repo: found.name }),
      htmlUrl: found.html_url,
      private: found.private,
    });
    return { repository: toWatched(row), created };
  }

  async unwatch(userId: string, params: WatchRepoBody) {
    const deleted = await queries.unwatch(this.deps.db, userId, 'github', repoKeyOf(params));
    if (!deleted) throw notFound(WatchedRepoMessages.notWatching);
    return { owner: deleted.owner, repo: deleted.repo, deleted: true as const };
  }
}
