import type { DiffEntry } from './diff-entry.js';
import type { GitHubOctokit } from '../github/index.js';
import { gitHubError } from '../github/index.js';
import type { PullRequestDetails, PullRequestFiles, PullRequestTarget } from './forge.js';

/** GitHub's pull-request files API lists at most this many files, 100 a page. */
export const GITHUB_MAX_LISTED_FILES = 3_000;
const PER_PAGE = 100;

interface GitHubPullAnswer {
  number: number;
  title: string;
  body: string | null;
  draft?: boolean;
  state: string;
  merged_at: string | null;
  user: { login: string; type?: string } | null;
  head: { sha: string; ref: string };
  base: { ref: string; repo?: { private?: boolean } | null };
  additions?: number;
  deletions?: number;
  changed_files?: number;
}

/**
 * `GET /repos/{o}/{r}/pulls/{n}` in the review's vocabulary. REST rather than GraphQL: it answers
 * anonymously for public repositories, and its numbers are the ones the files API agrees with.
 */
export async function readPullRequest(
  octokit: GitHubOctokit,
  target: PullRequestTarget,
  number: number,
): Promise<PullRequestDetails> {
  const answer = await octokit
    .request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
      owner: target.owner,
      repo: target.repo,
      pull_number: number,
    })
    .catch((caught: unknown) => Promise.reject(gitHubError(caught)));
  const pull = answer.data as unknown as GitHubPullAnswer;
  const login = pull.user?.login ?? 'ghost';
  return {
    number: pull.number,
    title: pull.title,
    body: pull.body,
    draft: pull.draft ?? false,
    state: pull.merged_at ? 'merged' : pull.state === 'open' ? 'open' : 'closed',
    // Apps act as `Bot` users named `…[bot]`; either sign is enough.
    author: { login, isBot: pull.user?.type === 'Bot' || login.endsWith('[bot]') },
    headSha: pull.head.sha,
    headRef: pull.head.ref,
    baseRef: pull.base.ref,
    additions: pull.additions ?? 0,
    deletions: pull.deletions ?? 0,
    changedFiles: pull.changed_files ?? 0,
    private: pull.base.repo?.private ?? true,
  };
}

/**
 * Every changed file, page by page until a short page (no `.diff` media type: per-file patches
 * tell which files GitHub left without one). GitHub stops listing at 3,000 files; reaching that
 * says `truncated` rather than passing the list off as complete.
 */
export async function readPullRequestFiles(
  octokit: GitHubOctokit,
  target: PullRequestTarget,
  number: number,
): Promise<PullRequestFiles> {
  const files: DiffEntry[] = [];
  for (let page = 1; page <= GITHUB_MAX_LISTED_FILES / PER_PAGE; page += 1) {
    const answer = await octokit
      .request('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
        owner: target.owner,
        repo: target.repo,
        pull_number: number,
        per_page: PER_PAGE,
        page,
      })
      .catch((caught: unknown) => Promise.reject(gitHubError(caught)));
    const entries = answer.data as unknown as DiffEntry[];
    files.push(...entries);
    if (entries.length < PER_PAGE) return { files, truncated: false };
  }
  return { files, truncated: true };
}
