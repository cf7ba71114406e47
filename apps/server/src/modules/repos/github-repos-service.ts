import {
  ErrorCodes,
  type GitHubRepo,
  type GitHubRepoList,
  type ListGitHubReposQuery,
} from '@rota/contracts';
import { AppError } from '../../lib/errors.js';
import type { GitHubClients } from '../github/index.js';
import { FROM_CACHE_HEADER, gitHubError } from '../github/index.js';

/** Pages of 100 read at most: 1,000 repositories, the most recently pushed. */
const MAX_PAGES = 10;
const PAGE_SIZE = 100;

interface RepoItem {
  full_name: string;
  name: string;
  owner: { login: string };
  private: boolean;
  description: string | null;
  html_url: string;
  clone_url?: string;
  default_branch?: string;
  language?: string | null;
  stargazers_count?: number;
  forks_count?: number;
  pushed_at?: string | null;
}

const toRepo = (item: RepoItem): GitHubRepo => ({
  fullName: item.full_name,
  owner: item.owner.login,
  name: item.name,
  private: item.private,
  description: item.description,
  htmlUrl: item.html_url,
  cloneUrl: item.clone_url ?? `${item.html_url}.git`,
  defaultBranch: item.default_branch ?? null,
  language: item.language ?? null,
  stargazers: item.stargazers_count ?? 0,
  forks: item.forks_count ?? 0,
  pushedAt: item.pushed_at ?? null,
});

/**
 * The signed-in user's GitHub repositories (owned, collaborator, organisation member), newest
 * push first. GitHub cannot search this list, so Rota reads it (conditionally: unchanged pages
 * answer 304 and cost nothing) and filters and pages it itself.
 */
export class GitHubReposService {
  constructor(private readonly clients: GitHubClients) {}

  async list(userId: string, query: ListGitHubReposQuery): Promise<GitHubRepoList> {
    const { octokit, credential } = await this.clients.forUser(userId);
    if (credential.kind !== 'user') {
      // The server's token would list the server's repositories, not this user's.
      throw new AppError(
        ErrorCodes.githubNotConnected,
        'No GitHub token: connect GitHub in Settings to list your repositories.',
      );
    }
    const items: RepoItem[] = [];
    let stale = false;
    let storedAt: string | null = null;
    let truncated = false;
    try {
      for (let page = 1; page <= MAX_PAGES; page += 1) {
        const response = await octokit.request('GET /user/repos', {
          affiliation: 'owner,collaborator,organization_member',
          sort: 'pushed',
          direction: 'desc',
          per_page: PAGE_SIZE,
          page,
        });
        items.push(...(response.data as RepoItem[]));
        if (response.headers[FROM_CACHE_HEADER] === 'stale') {
          stale = true;
          storedAt ??= String(response.headers['x-rota-stored-at'] ?? '') || null;
        }
        const hasNext = /rel="next"/.test(String(response.headers.link ?? ''));
        if (!hasNext) break;
        if (page === MAX_PAGES) truncated = true;
      }
    } catch (error) {
      throw gitHubError(error);
    }
    const needle = query.search?.toLowerCase();
    const matching = (
      needle
        ? items.filter(
            (item) =>
              item.full_name.toLowerCase().includes(needle) ||
              (item.description ?? '').toLowerCase().includes(needle),
          )
        : items
    ).sort((a, b) => (b.pushed_at ?? '').localeCompare(a.pushed_at ?? ''));
    const start = (query.page - 1) * query.per_page;
    return {
      repositories: matching.slice(start, start + query.per_page).map(toRepo),
      total: matching.length,
      page: query.page,
      per_page: query.per_page,
      stale,
      storedAt,
      truncated,
    };
  }
}
