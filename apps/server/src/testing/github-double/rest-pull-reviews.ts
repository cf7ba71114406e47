import type { FastifyInstance } from 'fastify';
import { example } from './rest-examples.js';
import { headShaOf, userOf, type DoublePull } from './rest-repo-activity.js';
import type { DoubleRepository } from './rest-repos.js';
import { basicError, restRoute, type DoubleContext } from './rest-route.js';

type Json = Record<string, unknown>;

/** A review posted through `POST /repos/{o}/{r}/pulls/{n}/reviews`, as the double recorded it. */
export interface DoublePostedReview {
  id: number;
  login: string;
  state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED';
  body: string;
  commitId: string;
  comments: Array<{ path: string; line: number; side: string; body: string }>;
}

/** A commit status posted through `POST /repos/{o}/{r}/statuses/{sha}`. */
export interface DoubleStatus {
  id: number;
  sha: string;
  state: 'error' | 'failure' | 'pending' | 'success';
  description: string | null;
  targetUrl: string | null;
  context: string;
  login: string;
}

const STATE_OF_EVENT = {
  APPROVE: 'APPROVED',
  REQUEST_CHANGES: 'CHANGES_REQUESTED',
  COMMENT: 'COMMENTED',
} as const;
const STATUS_STATES = ['error', 'failure', 'pending', 'success'] as const;
const REVIEWS_DOCS =
  'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request';

let nextReviewId = 80_000;
let nextStatusId = 90_000;

/** GitHub's `validation-error-simple` answer (422) with its own words. */
const unprocessable = (error: string) => ({
  status: 422,
  body: { message: 'Unprocessable Entity', errors: [error], documentation_url: REVIEWS_DOCS },
});

/**
 * New-file lines a review comment may sit on: every added or context line of the file's hunks
 * (GitHub resolves `line` with `side: RIGHT` against those, and refuses any other line). Written
 * apart from Rota's own patch reader so the double does not share its mistakes.
 */
export function commentableLines(patch: string | undefined): Set<number> {
  const lines = new Set<number>();
  let next: number | null = null;
  for (const raw of (patch ?? '').split('\n')) {
    const header = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(raw);
    if (header) next = Number(header[1]);
    else if (next !== null && !raw.startsWith('-') && !raw.startsWith('\\')) lines.add(next++);
  }
  return lines;
}

/**
 * Writing on pull requests: a review submitted at once with its event and inline comments, and a
 * commit status. Like GitHub: a comment off the diff's lines is 422 and nothing is posted; the
 * author may not approve or request changes on their own pull request (422); statuses need push
 * access (404 for anyone else, who may not know the repository is there).
 */
export async function restPullReviewRoutes(
  app: FastifyInstance,
  options: {
    context: DoubleContext;
    find: (owner: string, repo: string, login: string | undefined) => DoubleRepository | undefined;
  },
) {
  const { context, find } = options;

  restRoute(app, context, {
    method: 'POST',
    path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews',
    handle: ({ params, user, body }) => {
      if (!user) return basicError(401, 'Requires authentication');
      const repo = find(params.owner!, params.repo!, user.login);
      const number = Number(params.pull_number);
      const pull = repo?.activity?.pulls?.find((candidate) => candidate.number === number);
      if (!repo || !pull) return basicError(404, 'Not Found');
      const input = (body ?? {}) as {
        event?: unknown;
        body?: unknown;
        commit_id?: unknown;
        comments?: unknown;
      };
      const event = input.event;
      if (event !== 'APPROVE' && event !== 'REQUEST_CHANGES' && event !== 'COMMENT')
        return unprocessable('Rota only submits reviews at once: event must be given');
      const text = typeof input.body === 'string' ? input.body : '';
      if (event !== 'APPROVE' && text === '')
        return unprocessable('Body is required for this event');
      if (pull.author === user.login && event === 'APPROVE')
        return unprocessable('Can not approve your own pull request');
      if (pull.author === user.login && event === 'REQUEST_CHANGES')
        return unprocessable('Can not request changes on your own pull request');
      const comments = Array.isArray(input.comments) ? (input.comments as Json[]) : [];
      for (const comment of comments) {
        if (!onDiff(pull, comment))
          return unprocessable('Pull request review thread line must be part of the diff');
      }
      const fullName = `${repo.owner}/${repo.name}`;
      const posted: DoublePostedReview = {
        id: (nextReviewId += 1),
        login: user.login,
        state: STATE_OF_EVENT[event],
        body: text,
        commitId: typeof input.commit_id === 'string' ? input.commit_id : headShaOf(fullName, pull),
        comments: comments.map((comment) => ({
          path: String(comment.path),
          line: Number(comment.line),
          side: String(comment.side ?? 'RIGHT'),
          body: String(comment.body ?? ''),
        })),
      };
      (pull.postedReviews ??= []).push(posted);
      const base = example<Json>('pull-request-review');
      const pullUrl = `${context.apiUrl()}/repos/${fullName}/pulls/${pull.number}`;
      const html = `${context.webUrl()}/${fullName}/pull/${pull.number}#pullrequestreview-${posted.id}`;
      return {
        body: {
          ...base,
          id: posted.id,
          node_id: Buffer.from(`PullRequestReview${posted.id}`).toString('base64'),
          user: userOf(base.user as Json, user.login, context),
          body: posted.body,
          state: posted.state,
          html_url: html,
          pull_request_url: pullUrl,
          _links: { html: { href: html }, pull_request: { href: pullUrl } },
          submitted_at: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
          commit_id: posted.commitId,
          author_association: repo.owner === user.login ? 'OWNER' : 'COLLABORATOR',
        },
      };
    },
  });

  restRoute(app, context, {
    method: 'POST',
    path: '/repos/{owner}/{repo}/statuses/{sha}',
    handle: ({ params, user, body }) => {
      if (!user) return basicError(401, 'Requires authentication');
      const repo = find(params.owner!, params.repo!, user.login);
      const canPush =
        repo &&
        (repo.owner === user.login ||
          !!repo.collaborators?.includes(user.login) ||
          !!repo.admins?.includes(user.login));
      if (!repo || !canPush) return basicError(404, 'Not Found');
      const input = (body ?? {}) as Json;
      const state = STATUS_STATES.find((known) => known === input.state);
      if (!state)
        return {
          status: 422,
          body: {
            message: 'Validation Failed',
            errors: [
              {
                resource: 'Status',
                code: 'custom',
                field: 'state',
                message: 'state is not included in the list',
              },
            ],
            documentation_url:
              'https://docs.github.com/rest/commits/statuses#create-a-commit-status',
          },
        };
      const status: DoubleStatus = {
        id: (nextStatusId += 1),
        sha: params.sha!,
        state,
        description: typeof input.description === 'string' ? input.description : null,
        targetUrl: typeof input.target_url === 'string' ? input.target_url : null,
        context: typeof input.context === 'string' ? input.context : 'default',
        login: user.login,
      };
      (repo.statuses ??= []).push(status);
      const base = example<Json>('status');
      const self = `${context.apiUrl()}/repos/${repo.owner}/${repo.name}/statuses/${status.sha}`;
      const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
      return {
        status: 201,
        headers: { location: self },
        body: {
          ...base,
          url: self,
          id: status.id,
          state: status.state,
          description: status.description,
          target_url: status.targetUrl,
          context: status.context,
          created_at: now,
          updated_at: now,
          creator: userOf(base.creator as Json, user.login, context),
        },
      };
    },
  });
}

/** Whether a review comment names a changed file and a right-side line of its hunks. */
function onDiff(pull: DoublePull, comment: Json): boolean {
  const file = pull.files?.find((candidate) => candidate.filename === comment.path);
  const side = comment.side ?? 'RIGHT';
  return (
    !!file &&
    side === 'RIGHT' &&
    typeof comment.line === 'number' &&
    commentableLines(file.patch).has(comment.line)
  );
}
