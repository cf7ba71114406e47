import type { GitHubOctokit } from '../github/index.js';
import { FROM_CACHE_HEADER } from '../github/index.js';
import { readOpenIssues } from './read-open-issues.js';
import type { RepoRef, RepoSnapshotData } from './snapshot.js';

interface RepoAnswer {
  name: string;
  full_name: string;
  private: boolean;
  html_url: string;
  stargazers_count: number;
  forks_count: number;
  language?: string | null;
  updated_at: string;
  size: number;
}

interface CommitAnswer {
  sha: string;
  html_url: string;
  commit: {
    message: string;
    author: { name?: string; email?: string; date?: string } | null;
    committer: { date?: string } | null;
  };
}

interface PullAnswer {
  number: number;
  title: string;
  state: string;
  created_at: string;
  updated_at: string;
  html_url: string;
  user: { login: string; avatar_url: string } | null;
  head: { ref: string; sha: string };
  base: { ref: string };
}

interface ContributorAnswer {
  login?: string;
  avatar_url?: string;
  contributions: number;
  type?: string;
}

/** The answer came from Rota's cache because GitHub refused or failed: not fresh data. */
export class ServedStaleError extends Error {
  constructor() {
    super('GitHub did not answer; only stored answers were available');
    this.name = 'ServedStaleError';
  }
}

type Response = { status: number; data: unknown; headers: Record<string, unknown> };

function fresh<T>(response: Response): T {
  if (response.headers[FROM_CACHE_HEADER] === 'stale') throw new ServedStaleError();
  return response.data as T;
}

/**
 * Reads what the `github` block and the analytics show about one repository: four REST calls,
 * each conditional (an unchanged answer is a free 304), and one GraphQL call for the open issues
 * when there is a token (`withToken`). An empty repository answers 409 to /commits and 204 to
 * /contributors: both mean "none", not a failure.
 */
export async function readRepo(
  octokit: GitHubOctokit,
  ref: RepoRef,
  withToken: boolean,
): Promise<RepoSnapshotData> {
  const params = { owner: ref.owner, repo: ref.repo };
  const repo = fresh<RepoAnswer>(await octokit.request('GET /repos/{owner}/{repo}', params));
  const commits = await octokit
    .request('GET /repos/{owner}/{repo}/commits', { ...params, per_page: 5 })
    .then((response) => fresh<CommitAnswer[]>(response))
    .catch((error: { status?: number }) => {
      if (error.status === 409) return [];
      throw error;
    });
  const contributors = await octokit
    .request('GET /repos/{owner}/{repo}/contributors', { ...params, per_page: 100 })
    .then((response) =>
      (response.status as number) === 204 ? [] : fresh<ContributorAnswer[]>(response),
    );
  const pulls = fresh<PullAnswer[]>(
    await octokit.request('GET /repos/{owner}/{repo}/pulls', {
      ...params,
      state: 'open',
      per_page: 100,
    }),
  );
  const openIssues = withToken ? await readOpenIssues(octokit, ref) : null;
  return {
    repository: {
      name: repo.name,
      full_name: repo.full_name,
      private: repo.private,
      html_url: repo.html_url,
      stars: repo.stargazers_count,
      forks: repo.forks_count,
      language: repo.language ?? null,
      updated_at: repo.updated_at,
      size: repo.size,
      open_issues: openIssues,
    },
    latest_commits: (commits ?? []).slice(0, 5).map((commit) => ({
      sha: commit.sha,
      message: commit.commit.message,
      author: {
        name: commit.commit.author?.name ?? '',
        email: commit.commit.author?.email ?? '',
        date: commit.commit.author?.date ?? commit.commit.committer?.date ?? '',
      },
      url: commit.html_url,
    })),
    open_pull_requests: pulls.map((pull) => ({
      number: pull.number,
      title: pull.title,
      state: pull.state,
      created_at: pull.created_at,
      updated_at: pull.updated_at,
      user: { login: pull.user?.login ?? 'ghost', avatar_url: pull.user?.avatar_url ?? '' },
      head: { ref: pull.head.ref, sha: pull.head.sha },
      base: { ref: pull.base.ref },
      url: pull.html_url,
    })),
    // Anonymous contributors (anon=1) are not asked for: they have no login to merge on.
    contributors: (contributors ?? [])
      .filter((person): person is ContributorAnswer & { login: string } => !!person.login)
      .map((person) => ({
        username: person.login,
        avatar_url: person.avatar_url ?? '',
        contributions: person.contributions,
      })),
  };
}
