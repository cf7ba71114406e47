import type { FastifyInstance } from 'fastify';
import { example } from './rest-examples.js';
import {
  closedAtOf,
  headShaOf,
  mergeCommitShaOf,
  mergedAtOf,
  page,
  shaOf,
  updatedAtOf,
  userOf,
} from './rest-repo-activity.js';
import type { DoublePull } from './rest-repo-activity.js';
import type { DoubleRepository } from './rest-repos.js';
import { basicError, restRoute, type DoubleContext } from './rest-route.js';

type Json = Record<string, unknown>;

/**
 * `GET /repos/{o}/{r}/pulls/{n}` and `/pulls/{n}/files`: one seeded pull request (the same list
 * `/pulls` and GraphQL serve) dressed in GitHub's `pull-request` and `diff-entry-items` examples.
 * Files are paged like GitHub (per_page up to 100, `page`), and the list stops at 3,000 as GitHub's does.
 */
export async function restPullRequestRoutes(
  app: FastifyInstance,
  options: {
    context: DoubleContext;
    find: (owner: string, repo: string, login: string | undefined) => DoubleRepository | undefined;
  },
) {
  const { context, find } = options;
  const pullOf = (params: Record<string, string>, login: string | undefined) => {
    const repo = find(params.owner!, params.repo!, login);
    const number = Number(params.pull_number);
    const pull = repo?.activity?.pulls?.find((candidate) => candidate.number === number);
    return repo && pull ? { repo, pull } : undefined;
  };

  restRoute(app, context, {
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls/{pull_number}',
    handle: ({ params, user }) => {
      const found = pullOf(params, user?.login);
      if (!found) return basicError(404, 'Not Found');
      return { body: pullRequestBody(found.repo, found.pull, context) };
    },
  });

  restRoute(app, context, {
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls/{pull_number}/files',
    handle: ({ params, query, user }) => {
      const found = pullOf(params, user?.login);
      if (!found) return basicError(404, 'Not Found');
      const { repo, pull } = found;
      const base = example<Json[]>('diff-entry-items')[0]!;
      const fullName = `${repo.owner}/${repo.name}`;
      const listed = (pull.files ?? []).slice(0, 3_000);
      const body = page(listed, query).map((file) => {
        const sha = shaOf(`${fullName}#${pull.number}:${file.filename}`);
        const { patch: _patch, previous_filename: _previous, ...rest } = base;
        return {
          ...rest,
          ...file,
          sha,
          blob_url: `${context.webUrl()}/${fullName}/blob/${sha}/${file.filename}`,
          raw_url: `${context.webUrl()}/${fullName}/raw/${sha}/${file.filename}`,
          contents_url: `${context.apiUrl()}/repos/${fullName}/contents/${file.filename}`,
        };
      });
      return { body };
    },
  });
}

/**
 * One seeded pull request in GitHub's `pull-request` shape: what `GET …/pulls/{n}` answers, and
 * the `pull_request` object a webhook delivery carries (hook-deliveries.ts).
 */
export function pullRequestBody(
  repo: DoubleRepository,
  pull: DoublePull,
  context: DoubleContext,
): Json {
  const base = example<Json>('pull-request');
  const fullName = `${repo.owner}/${repo.name}`;
  const author = userOf(base.user as Json, pull.author, context);
  const files = pull.files ?? [];
  const sum = (key: 'additions' | 'deletions') =>
    files.reduce((total, file) => total + file[key], 0);
  const side = (part: Json, ref: string, sha: string) => ({
    ...part,
    ref,
    sha,
    label: `${repo.owner}:${ref}`,
    repo: { ...(part.repo as Json), private: repo.private ?? false, full_name: fullName },
  });
  return {
    ...base,
    number: pull.number,
    title: pull.title,
    body: pull.body ?? null,
    state: (pull.state ?? 'open') === 'open' ? 'open' : 'closed',
    draft: pull.draft ?? false,
    merged: pull.state === 'merged',
    user: { ...author, type: pull.authorIsBot ? 'Bot' : 'User' },
    created_at: pull.createdAt,
    updated_at: updatedAtOf(pull),
    closed_at: closedAtOf(pull),
    merged_at: mergedAtOf(pull),
    merge_commit_sha: mergeCommitShaOf(fullName, pull),
    // GitHub's example names a team without the `type` its own schema requires.
    requested_teams: [],
    html_url: `${context.webUrl()}/${fullName}/pull/${pull.number}`,
    url: `${context.apiUrl()}/repos/${fullName}/pulls/${pull.number}`,
    head: side(base.head as Json, pull.head, headShaOf(fullName, pull)),
    base: side(base.base as Json, pull.base ?? 'main', shaOf(`${fullName}@base`)),
    additions: pull.additions ?? sum('additions'),
    deletions: pull.deletions ?? sum('deletions'),
    changed_files: pull.changedFiles ?? files.length,
  };
}
