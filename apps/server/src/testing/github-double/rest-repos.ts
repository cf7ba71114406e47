import type { FastifyInstance } from 'fastify';
import { example } from './rest-examples.js';
import { basicError, restRoute, type DoubleContext } from './rest-route.js';
import { restRepoActivityRoutes, type DoubleActivity } from './rest-repo-activity.js';
import { restPullRequestRoutes } from './rest-pull-request.js';
import { restPullReviewRoutes, type DoubleStatus } from './rest-pull-reviews.js';
import { restDeliveryRoutes, type DoubleDelivery } from './rest-delivery.js';

/** A repository the double knows; tests add them, the answers dress them in GitHub's examples. */
export interface DoubleRepository {
  owner: string;
  name: string;
  private?: boolean;
  /** Logins (besides the owner) who see it in their /user/repos. */
  collaborators?: string[];
  stargazers?: number;
  forks?: number;
  language?: string | null;
  size?: number;
  /** Open issues, pull requests aside (GraphQL `issues(states: OPEN)`); none unless given. */
  openIssues?: number;
  pushedAt?: string;
  updatedAt?: string;
  /** GitHub's example says `master` unless given. */
  defaultBranch?: string;
  /** Commits, contributors and open pull requests (empty lists unless given). */
  activity?: DoubleActivity;
  /** Logins (besides the owner) with admin rights: only admins may add or remove webhooks. */
  admins?: string[];
  /** Webhooks on it (the double adds and removes them; tests read them). */
  hooks?: DoubleHook[];
  /** Commit statuses posted on it (the double records them; tests read them). */
  statuses?: DoubleStatus[];
  /** Deployments with their statuses, releases, workflow runs and issues (none unless given). */
  delivery?: DoubleDelivery;
}

export interface DoubleHook {
  id: number;
  events: string[];
  config: { url: string; content_type?: string; secret?: string; insecure_ssl?: string };
  active: boolean;
}

type Json = Record<string, unknown>;

const ids = new WeakMap<DoubleRepository, number>();
let nextId = 1_000;
const idOf = (repo: DoubleRepository) => {
  if (!ids.has(repo)) ids.set(repo, (nextId += 1));
  return ids.get(repo)!;
};

/** The repository `owner/name` names, compared case-insensitively like GitHub. */
export function findRepository(
  repositories: DoubleRepository[],
  owner: string | undefined,
  name: string | undefined,
): DoubleRepository | undefined {
  return repositories.find(
    (repo) =>
      repo.owner.toLowerCase() === owner?.toLowerCase() &&
      repo.name.toLowerCase() === name?.toLowerCase(),
  );
}

/** GitHub's example repository with this repository's identity and numbers (also a delivery's `repository`). */
export function dress(base: Json, repo: DoubleRepository, context: DoubleContext): Json {
  const fullName = `${repo.owner}/${repo.name}`;
  const owner = base.owner as Json;
  // Not a fork: GitHub's example names a parent and source that its own schema rejects.
  const { parent: _parent, source: _source, template_repository: _template, ...rest } = base;
  return {
    ...rest,
    fork: false,
    id: idOf(repo),
    name: repo.name,
    full_name: fullName,
    private: repo.private ?? false,
    visibility: repo.private ? 'private' : 'public',
    html_url: `${context.webUrl()}/${fullName}`,
    url: `${context.apiUrl()}/repos/${fullName}`,
    clone_url: `${context.webUrl()}/${fullName}.git`,
    owner: {
      ...owner,
      login: repo.owner,
      html_url: `${context.webUrl()}/${repo.owner}`,
      url: `${context.apiUrl()}/users/${repo.owner}`,
    },
    stargazers_count: repo.stargazers ?? 0,
    watchers_count: repo.stargazers ?? 0,
    forks_count: repo.forks ?? 0,
    language: repo.language ?? null,
    size: repo.size ?? 0,
    // GitHub's REST count mixes open issues and open pull requests: kept so, so that reading it
    // as the issue count would show in tests.
    open_issues_count: openIssuesAndPulls(repo),
    open_issues: openIssuesAndPulls(repo),
    default_branch: repo.defaultBranch ?? base.default_branch,
    pushed_at: repo.pushedAt ?? '2026-01-01T00:00:00Z',
    updated_at: repo.updatedAt ?? repo.pushedAt ?? '2026-01-01T00:00:00Z',
  };
}

const openIssuesAndPulls = (repo: DoubleRepository) =>
  (repo.openIssues ?? 0) +
  (repo.activity?.pulls ?? []).filter((pull) => (pull.state ?? 'open') === 'open').length;

const SORT_KEYS: Record<string, (repo: DoubleRepository) => string> = {
  full_name: (repo) => `${repo.owner}/${repo.name}`.toLowerCase(),
  pushed: (repo) => repo.pushedAt ?? '',
  updated: (repo) => repo.updatedAt ?? repo.pushedAt ?? '',
  created: (repo) => repo.pushedAt ?? '',
};

/** `GET /repos/{owner}/{repo}` and `GET /user/repos` (paginated with Link headers like GitHub). */
export async function restRepoRoutes(
  app: FastifyInstance,
  options: { context: DoubleContext; repositories: DoubleRepository[] },
) {
  const { context, repositories } = options;
  const visible = (repo: DoubleRepository, login: string | undefined) =>
    !repo.private ||
    (login !== undefined && (repo.owner === login || !!repo.collaborators?.includes(login)));

  const find = (owner: string, name: string, login: string | undefined) => {
    const found = findRepository(repositories, owner, name);
    return found && visible(found, login) ? found : undefined;
  };

  restRoute(app, context, {
    method: 'GET',
    path: '/repos/{owner}/{repo}',
    handle: ({ params, user }) => {
      const found = find(params.owner ?? '', params.repo ?? '', user?.login);
      if (!found) return basicError(404, 'Not Found');
      return { body: dress(example('full-repository-default-response'), found, context) };
    },
  });

  await restRepoActivityRoutes(app, { context, find });
  await restPullRequestRoutes(app, { context, find });
  await restPullReviewRoutes(app, { context, find });
  await restDeliveryRoutes(app, { context, find });

  restRoute(app, context, {
    method: 'GET',
    path: '/user/repos',
    handle: ({ query, user }) => {
      if (!user) return basicError(401, 'Requires authentication');
      const perPage = Math.min(100, Math.max(1, Number(query.per_page ?? 30) || 30));
      const page = Math.max(1, Number(query.page ?? 1) || 1);
      const sort = SORT_KEYS[query.sort ?? 'full_name'] ?? SORT_KEYS.full_name!;
      // GitHub: ascending for full_name, otherwise newest first, unless `direction` says.
      const direction =
        query.direction ?? (query.sort && query.sort !== 'full_name' ? 'desc' : 'asc');
      const mine = repositories
        .filter((repo) => repo.owner === user.login || repo.collaborators?.includes(user.login))
        .sort((a, b) => sort(a).localeCompare(sort(b)) * (direction === 'desc' ? -1 : 1));
      const last = Math.max(1, Math.ceil(mine.length / perPage));
      const base = example<Json[]>('repository-items-default-response')[0]!;
      const body = mine
        .slice((page - 1) * perPage, page * perPage)
        .map((repo) => dress(base, repo, context));
      const link = (p: number, rel: string) =>
        `<${context.apiUrl()}/user/repos?per_page=${perPage}&page=${p}>; rel="${rel}"`;
      const links = [
        ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
        ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : []),
      ];
      const headers: Record<string, string> = links.length ? { link: links.join(', ') } : {};
      return { body, headers };
    },
  });
}
