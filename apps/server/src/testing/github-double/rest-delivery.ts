import type { FastifyInstance } from 'fastify';
import { example } from './rest-examples.js';
import type { DoubleRepository } from './rest-repos.js';
import { basicError, restRoute, type DoubleContext, type RestAnswer } from './rest-route.js';

/** A status of a deployment, as GitHub's deployment statuses name their states. */
export interface DoubleDeploymentStatus {
  state: 'error' | 'failure' | 'inactive' | 'pending' | 'success' | 'queued' | 'in_progress';
  createdAt: string;
}

/** A GitHub deployment of a repository; its statuses oldest first (GitHub lists them newest first). */
export interface DoubleDeployment {
  id: number;
  sha: string;
  ref?: string;
  environment: string;
  createdAt: string;
  statuses?: DoubleDeploymentStatus[];
}

export interface DoubleRelease {
  id: number;
  tagName: string;
  /** A branch name or a commit sha (`main` unless given). */
  targetCommitish?: string;
  name?: string;
  draft?: boolean;
  prerelease?: boolean;
  createdAt: string;
  /** Null for drafts; the creation time unless given. */
  publishedAt?: string | null;
}

export interface DoubleWorkflowRun {
  id: number;
  /** The workflow's name. */
  name: string;
  headSha: string;
  branch: string;
  /** `completed` unless given. */
  status?: 'completed' | 'in_progress' | 'queued';
  /** `success` for a completed run unless given; null while it runs. */
  conclusion?: 'success' | 'failure' | 'cancelled' | 'skipped' | 'timed_out' | null;
  createdAt: string;
  updatedAt?: string;
}

export interface DoubleIssue {
  number: number;
  title: string;
  labels?: string[];
  /** Closed when `closedAt` is given. */
  closedAt?: string | null;
  createdAt: string;
  updatedAt?: string;
  /** A pull request: GitHub's issues list includes them, marked by a `pull_request` key. */
  pullRequest?: boolean;
}

/** What a repository deployed and its issues, for the delivery routes (empty unless given). */
export interface DoubleDelivery {
  deployments?: DoubleDeployment[];
  releases?: DoubleRelease[];
  runs?: DoubleWorkflowRun[];
  issues?: DoubleIssue[];
  /** Actions disabled for the repository: the runs list answers 404. */
  actionsDisabled?: boolean;
}

type Json = Record<string, unknown>;
type Find = (
  owner: string,
  name: string,
  login: string | undefined,
) => DoubleRepository | undefined;

const newestFirst = <T>(items: T[], key: (item: T) => string) =>
  [...items].sort((a, b) => Date.parse(key(b)) - Date.parse(key(a)));

/**
 * One page of `items` (`per_page`, at most 100; `page`), with GitHub's Link header naming the
 * next, last, first and previous pages by the same URL and query.
 */
function paged(
  items: unknown[],
  query: Record<string, string>,
  url: string,
  wrap: (page: unknown[]) => unknown = (page) => page,
): RestAnswer {
  const perPage = Math.min(100, Math.max(1, Number(query.per_page ?? 30) || 30));
  const number = Math.max(1, Number(query.page ?? 1) || 1);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const link = (page: number, rel: string) =>
    `<${url}?${new URLSearchParams({ ...query, per_page: String(perPage), page: String(page) }).toString()}>; rel="${rel}"`;
  const links = [
    ...(number < last ? [link(number + 1, 'next'), link(last, 'last')] : []),
    ...(number > 1 ? [link(1, 'first'), link(number - 1, 'prev')] : []),
  ];
  return {
    body: wrap(items.slice((number - 1) * perPage, number * perPage)),
    ...(links.length ? { headers: { link: links.join(', ') } } : {}),
  };
}

/**
 * `GET /repos/{o}/{r}/deployments` (with a deployment's `/statuses`), `/releases`,
 * `/actions/runs` and `/issues`, dressed in GitHub's OpenAPI examples from the repository's
 * seeded `delivery`, read at request time so a test may change it between syncs.
 */
export async function restDeliveryRoutes(
  app: FastifyInstance,
  options: { context: DoubleContext; find: Find },
) {
  const { context, find } = options;
  const repoUrl = (repo: DoubleRepository) =>
    `${context.apiUrl()}/repos/${repo.owner}/${repo.name}`;
  const htmlUrl = (repo: DoubleRepository) => `${context.webUrl()}/${repo.owner}/${repo.name}`;
  const route = (
    path: string,
    handle: (
      repo: DoubleRepository,
      params: Record<string, string>,
      query: Record<string, string>,
    ) => RestAnswer,
  ) =>
    restRoute(app, context, {
      method: 'GET',
      path: `/repos/{owner}/{repo}${path}`,
      handle: ({ params, query, user }) => {
        const repo = find(params.owner ?? '', params.repo ?? '', user?.login);
        if (!repo) return basicError(404, 'Not Found');
        return handle(repo, params, query);
      },
    });

  const deploymentBase = example<Json[]>('deployment-items')[0]!;
  const deploymentJson = (repo: DoubleRepository, deployment: DoubleDeployment) => ({
    ...deploymentBase,
    id: deployment.id,
    node_id: `DE_${deployment.id}`,
    sha: deployment.sha,
    ref: deployment.ref ?? 'main',
    environment: deployment.environment,
    original_environment: deployment.environment,
    created_at: deployment.createdAt,
    updated_at: deployment.statuses?.at(-1)?.createdAt ?? deployment.createdAt,
    url: `${repoUrl(repo)}/deployments/${deployment.id}`,
    statuses_url: `${repoUrl(repo)}/deployments/${deployment.id}/statuses`,
    repository_url: repoUrl(repo),
  });
  route('/deployments', (repo, _params, query) => {
    let list = newestFirst(repo.delivery?.deployments ?? [], (item) => item.createdAt);
    if (query.environment) list = list.filter((item) => item.environment === query.environment);
    return paged(
      list.map((deployment) => deploymentJson(repo, deployment)),
      query,
      `${repoUrl(repo)}/deployments`,
    );
  });

  const statusBase = example<Json[]>('deployment-status-items')[0]!;
  route('/deployments/{deployment_id}/statuses', (repo, params, query) => {
    const deployment = (repo.delivery?.deployments ?? []).find(
      (item) => String(item.id) === params.deployment_id,
    );
    if (!deployment) return basicError(404, 'Not Found');
    const url = `${repoUrl(repo)}/deployments/${deployment.id}`;
    const statuses = (deployment.statuses ?? [])
      .map((status, n) => ({
        ...statusBase,
        id: deployment.id * 1000 + n + 1,
        node_id: `DES_${deployment.id}_${n + 1}`,
        state: status.state,
        environment: deployment.environment,
        created_at: status.createdAt,
        updated_at: status.createdAt,
        url: `${url}/statuses/${deployment.id * 1000 + n + 1}`,
        deployment_url: url,
        repository_url: repoUrl(repo),
      }))
      .reverse();
    return paged(statuses, query, `${url}/statuses`);
  });

  const releaseBase = example<Json[]>('release-items')[0]!;
  route('/releases', (repo, _params, query) => {
    const list = newestFirst(repo.delivery?.releases ?? [], (item) => item.createdAt);
    return paged(
      list.map((release) => ({
        ...releaseBase,
        id: release.id,
        node_id: `RE_${release.id}`,
        tag_name: release.tagName,
        target_commitish: release.targetCommitish ?? 'main',
        name: release.name ?? release.tagName,
        draft: release.draft ?? false,
        prerelease: release.prerelease ?? false,
        created_at: release.createdAt,
        published_at: release.draft
          ? null
          : release.publishedAt === undefined
            ? release.createdAt
            : release.publishedAt,
        url: `${repoUrl(repo)}/releases/${release.id}`,
        html_url: `${htmlUrl(repo)}/releases/tag/${release.tagName}`,
        assets: [],
      })),
      query,
      `${repoUrl(repo)}/releases`,
    );
  });

  const runsBase = example<{ workflow_runs: Json[] }>('workflow-run-paginated');
  const runBase = runsBase.workflow_runs[0]!;
  route('/actions/runs', (repo, _params, query) => {
    if (repo.delivery?.actionsDisabled) return basicError(404, 'Not Found');
    let list = newestFirst(repo.delivery?.runs ?? [], (item) => item.createdAt);
    if (query.branch) list = list.filter((run) => run.branch === query.branch);
    const runs = list.map((run) => {
      const status = run.status ?? 'completed';
      return {
        ...runBase,
        id: run.id,
        node_id: `WFR_${run.id}`,
        name: run.name,
        display_title: run.name,
        head_branch: run.branch,
        head_sha: run.headSha,
        status,
        conclusion: status === 'completed' ? (run.conclusion ?? 'success') : null,
        created_at: run.createdAt,
        run_started_at: run.createdAt,
        updated_at: run.updatedAt ?? run.createdAt,
        url: `${repoUrl(repo)}/actions/runs/${run.id}`,
        html_url: `${htmlUrl(repo)}/actions/runs/${run.id}`,
        pull_requests: [],
      };
    });
    return paged(runs, query, `${repoUrl(repo)}/actions/runs`, (page) => ({
      total_count: runs.length,
      workflow_runs: page,
    }));
  });

  const issueBase = example<Json[]>('issue-items')[0]!;
  const labelBase = (issueBase.labels as Json[])[0]!;
  route('/issues', (repo, _params, query) => {
    const state = query.state ?? 'open';
    const wanted = (query.labels ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    const updated = (issue: DoubleIssue) => issue.updatedAt ?? issue.closedAt ?? issue.createdAt;
    const since = query.since ? Date.parse(query.since) : null;
    const sort = query.sort === 'updated' ? updated : (issue: DoubleIssue) => issue.createdAt;
    const sign = query.direction === 'asc' ? -1 : 1;
    const list = (repo.delivery?.issues ?? [])
      .filter((issue) => state === 'all' || (state === 'closed') === !!issue.closedAt)
      .filter((issue) =>
        wanted.every((name) => (issue.labels ?? []).some((label) => label.toLowerCase() === name)),
      )
      .filter((issue) => since === null || Date.parse(updated(issue)) >= since)
      .sort((a, b) => sign * (Date.parse(sort(b)) - Date.parse(sort(a))) || b.number - a.number);
    const issues = list.map((issue) => {
      const { pull_request: _pull, state_reason: _reason, ...base } = issueBase;
      const html = `${htmlUrl(repo)}/${issue.pullRequest ? 'pull' : 'issues'}/${issue.number}`;
      return {
        ...base,
        id: issue.number * 10 + 7,
        node_id: `I_${issue.number}`,
        number: issue.number,
        title: issue.title,
        state: issue.closedAt ? 'closed' : 'open',
        // GitHub sends null for an open one, which its description's enum leaves out: omitted.
        ...(issue.closedAt ? { state_reason: 'completed' } : {}),
        labels: (issue.labels ?? []).map((name, n) => ({
          ...labelBase,
          id: issue.number * 100 + n,
          name,
          url: `${repoUrl(repo)}/labels/${encodeURIComponent(name)}`,
        })),
        created_at: issue.createdAt,
        updated_at: updated(issue),
        closed_at: issue.closedAt ?? null,
        closed_by: null,
        url: `${repoUrl(repo)}/issues/${issue.number}`,
        html_url: html,
        ...(issue.pullRequest
          ? {
              pull_request: {
                url: `${repoUrl(repo)}/pulls/${issue.number}`,
                html_url: html,
                diff_url: `${html}.diff`,
                patch_url: `${html}.patch`,
              },
            }
          : {}),
      };
    });
    return paged(issues, query, `${repoUrl(repo)}/issues`);
  });
}
