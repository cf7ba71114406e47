import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { example } from './rest-examples.js';
import type { DoublePostedReview } from './rest-pull-reviews.js';
import type { DoubleRepository } from './rest-repos.js';
import { basicError, restRoute, type DoubleContext } from './rest-route.js';

/** A commit the double lists, newest first as given. */
export interface DoubleCommit {
  message: string;
  author: string;
  email?: string;
  date: string;
  sha?: string;
}

/** A review of a pull request, as GitHub's GraphQL names its states. */
export interface DoubleReview {
  author: string;
  state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED' | 'PENDING';
  submittedAt: string;
  authorIsBot?: boolean;
  /** GitHub's node id; made up from the pull request and position unless given. */
  id?: string;
}

/**
 * A pull request of a repository: REST `/pulls` and GraphQL `repository.pullRequests` both serve
 * these, so the two can never disagree. Tests change them between syncs (bump `updatedAt`).
 */
export interface DoublePull {
  number: number;
  title: string;
  author: string;
  head: string;
  base?: string;
  createdAt: string;
  updatedAt?: string;
  /** Open unless given; `merged` is closed with a merge time, as on GitHub. */
  state?: 'open' | 'closed' | 'merged';
  draft?: boolean;
  authorIsBot?: boolean;
  closedAt?: string;
  mergedAt?: string;
  additions?: number;
  deletions?: number;
  changedFiles?: number;
  firstCommitAt?: string;
  /** Its commits' messages, oldest first (one commit titled like the pull request unless given). */
  commitMessages?: string[];
  /** When it was marked ready for review (a `ReadyForReviewEvent` on its timeline). */
  readyForReviewAt?: string;
  reviews?: DoubleReview[];
  /** Logins asked to review (users); `team:slug` names a team. */
  reviewRequests?: string[];
  comments?: number;
  /** The description (`body`); null unless given. */
  body?: string | null;
  /** Changed files as GitHub's files API lists them (`diff-entry`); `/pulls/{n}/files` pages them. */
  files?: DoubleDiffEntry[];
  /** The head commit; made up from the repository and number unless given (tests push by changing it). */
  headSha?: string;
  /** The commit a merge put on the base branch; made up from the head commit unless given. */
  mergeCommitSha?: string;
  /** Reviews posted through the REST API (the double records them; tests read them). */
  postedReviews?: DoublePostedReview[];
}

/** A changed file of a pull request, in GitHub's `diff-entry` shape (sha, urls filled by the double). */
export interface DoubleDiffEntry {
  filename: string;
  status: 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged';
  additions: number;
  deletions: number;
  changes: number;
  patch?: string;
  previous_filename?: string;
}

/** When a pull request was last updated (its creation unless given). */
export const updatedAtOf = (pull: DoublePull) => pull.updatedAt ?? pull.createdAt;

/** REST's `closed_at`/`merged_at`: a merged or closed pull request without times closed when updated. */
export const closedAtOf = (pull: DoublePull) =>
  (pull.state ?? 'open') === 'open' ? null : (pull.closedAt ?? pull.mergedAt ?? updatedAtOf(pull));
export const mergedAtOf = (pull: DoublePull) =>
  pull.state === 'merged' ? (pull.mergedAt ?? closedAtOf(pull)) : null;

/** GitHub's `state`, `sort` and `direction` of `GET /repos/{o}/{r}/pulls`. */
function listPulls(pulls: DoublePull[], query: Record<string, string>): DoublePull[] {
  const state = query.state ?? 'open';
  const chosen = pulls.filter((pull) => {
    const open = (pull.state ?? 'open') === 'open';
    return state === 'all' || (state === 'open' ? open : !open);
  });
  // Without `sort` the test's own order stands (the lists it gives are newest first already).
  if (query.sort !== 'updated' && query.sort !== 'created') return chosen;
  const key = query.sort === 'updated' ? updatedAtOf : (pull: DoublePull) => pull.createdAt;
  const sign = query.direction === 'asc' ? 1 : -1;
  return [...chosen].sort((a, b) => sign * (Date.parse(key(a)) - Date.parse(key(b))));
}

/** What happened in a repository, for the REST routes below. */
export interface DoubleActivity {
  commits?: DoubleCommit[];
  contributors?: Array<{ login: string; contributions: number }>;
  pulls?: DoublePull[];
  /** An empty repository: /commits answers 409, /contributors 204 (GitHub's behaviour). */
  empty?: boolean;
}

type Json = Record<string, unknown>;

export const shaOf = (text: string) => createHash('sha1').update(text).digest('hex');

/** The commit a merged pull request put on its base branch (null while not merged). */
export const mergeCommitShaOf = (fullName: string, pull: DoublePull) =>
  pull.state === 'merged'
    ? (pull.mergeCommitSha ?? shaOf(`merge ${fullName}#${pull.number}`))
    : null;

/** The head commit of a pull request, the same in REST and GraphQL answers. */
export const headShaOf = (fullName: string, pull: DoublePull) =>
  pull.headSha ?? shaOf(`${fullName}#${pull.number}`);

export const userOf = (base: Json, login: string, context: DoubleContext): Json => ({
  ...base,
  login,
  avatar_url: `${context.webUrl()}/avatars/${login}`,
  html_url: `${context.webUrl()}/${login}`,
  url: `${context.apiUrl()}/users/${login}`,
});

export const page = <T>(items: T[], query: Record<string, string>) => {
  const perPage = Math.min(100, Math.max(1, Number(query.per_page ?? 30) || 30));
  const number = Math.max(1, Number(query.page ?? 1) || 1);
  return items.slice((number - 1) * perPage, number * perPage);
};

/**
 * `GET /repos/{o}/{r}/commits`, `/contributors` and `/pulls` (state, sort, direction): GitHub's examples
 * (`commit-items`, `contributor-items-…`, `pull-request-simple-items`) dressed with the test's
 * activity. Only the fields Rota reads change; every other field stays GitHub's example, so the
 * shape test holds the answers to GitHub's schemas.
 */
export async function restRepoActivityRoutes(
  app: FastifyInstance,
  options: {
    context: DoubleContext;
    find: (owner: string, repo: string, login: string | undefined) => DoubleRepository | undefined;
  },
) {
  const { context, find } = options;

  restRoute(app, context, {
    method: 'GET',
    path: '/repos/{owner}/{repo}/commits',
    handle: ({ params, query, user }) => {
      const repo = find(params.owner!, params.repo!, user?.login);
      if (!repo) return basicError(404, 'Not Found');
      if (repo.activity?.empty) return basicError(409, 'Git Repository is empty.');
      const base = example<Json[]>('commit-items')[0]!;
      const fullName = `${repo.owner}/${repo.name}`;
      const body = page(repo.activity?.commits ?? [], query).map((commit) => {
        const sha = commit.sha ?? shaOf(`${fullName}\n${commit.message}\n${commit.date}`);
        const person = {
          name: commit.author,
          email: commit.email ?? `${commit.author}@example.com`,
          date: commit.date,
        };
        return {
          ...base,
          sha,
          url: `${context.apiUrl()}/repos/${fullName}/commits/${sha}`,
          html_url: `${context.webUrl()}/${fullName}/commit/${sha}`,
          commit: {
            ...(base.commit as Json),
            message: commit.message,
            author: person,
            committer: person,
          },
          author: userOf(base.author as Json, commit.author, context),
          committer: userOf(base.committer as Json, commit.author, context),
        };
      });
      return { body };
    },
  });

  restRoute(app, context, {
    method: 'GET',
    path: '/repos/{owner}/{repo}/contributors',
    handle: ({ params, query, user }) => {
      const repo = find(params.owner!, params.repo!, user?.login);
      if (!repo) return basicError(404, 'Not Found');
      if (repo.activity?.empty) return { status: 204, body: '' };
      const base = example<Json[]>('contributor-items-response-if-repository-contains-content')[0]!;
      const body = page(
        [...(repo.activity?.contributors ?? [])].sort((a, b) => b.contributions - a.contributions),
        query,
      ).map((person) => ({
        ...userOf(base, person.login, context),
        contributions: person.contributions,
      }));
      return { body };
    },
  });

  restRoute(app, context, {
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls',
    handle: ({ params, query, user }) => {
      const repo = find(params.owner!, params.repo!, user?.login);
      if (!repo) return basicError(404, 'Not Found');
      const pulls = listPulls(repo.activity?.pulls ?? [], query);
      const base = example<Json[]>('pull-request-simple-items')[0]!;
      const fullName = `${repo.owner}/${repo.name}`;
      const body = page(pulls, query).map((pull) => {
        const author = userOf(base.user as Json, pull.author, context);
        const head = base.head as Json;
        const baseRef = base.base as Json;
        return {
          ...base,
          number: pull.number,
          title: pull.title,
          state: (pull.state ?? 'open') === 'open' ? 'open' : 'closed',
          draft: pull.draft ?? false,
          user: author,
          created_at: pull.createdAt,
          updated_at: updatedAtOf(pull),
          closed_at: closedAtOf(pull),
          merged_at: mergedAtOf(pull),
          merge_commit_sha: mergeCommitShaOf(fullName, pull),
          // GitHub's example names a team without the `type` its own schema requires.
          requested_teams: [],
          html_url: `${context.webUrl()}/${fullName}/pull/${pull.number}`,
          url: `${context.apiUrl()}/repos/${fullName}/pulls/${pull.number}`,
          head: {
            ...head,
            ref: pull.head,
            sha: headShaOf(fullName, pull),
            label: `${repo.owner}:${pull.head}`,
          },
          base: {
            ...baseRef,
            ref: pull.base ?? 'main',
            label: `${repo.owner}:${pull.base ?? 'main'}`,
          },
        };
      });
      return { body };
    },
  });
}
