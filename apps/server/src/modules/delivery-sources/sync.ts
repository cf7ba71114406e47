import { ErrorCodes } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { repoKeyOf } from '../../db/repo-key.js';
import { AppError } from '../../lib/errors.js';
import type { EventBus } from '../events/index.js';
import type { GitHubClients, GitHubOctokit } from '../github/index.js';
import { gitHubError, gitHubGraphqlError } from '../github/index.js';
import { getFresh, listPages } from './github-lists.js';
import {
  deliverySyncRows,
  dropOtherCopy,
  saveDeployments,
  saveIssues,
  saveSourceFailed,
  saveSourceSynced,
  type DeliverySyncRow,
} from './queries.js';
import type {
  DeliverySourceName,
  DeploymentRecord,
  DeploymentSourceName,
  IssueRecord,
} from './records.js';

export interface DeliveryTarget {
  owner: string;
  repo: string;
  /** Whose token reads it (the project owner's); a private repository is stored for them only. */
  userId: string;
}

/** How each source went: stored (how many, or unchanged), no data (404/403), or failed. */
export type SourceOutcome =
  | { result: 'stored'; stored: number; unchanged: boolean }
  | { result: 'no data'; code: string }
  | { result: 'failed'; code: string; message: string };

export interface DeliverySyncOutcome {
  scope: string;
  sources: Record<DeliverySourceName, SourceOutcome>;
}

type SyncDeps = {
  db: Database;
  clients: GitHubClients;
  /** Told after each source stored something (`deployments.stored`, `incidents.stored`). */
  events: EventBus;
  now: () => number;
  signal?: AbortSignal;
};

/** The order the sources are read in (the order `auto` takes deployment sources in). */
export const GITHUB_DELIVERY_SOURCES: DeliverySourceName[] = [
  'deployments',
  'releases',
  'workflow_runs',
  'issues',
];

/**
 * A deployment or run still under way pins the watermark (it is read again until it ends), for
 * at most this long after the newest item: one left pending for ever stops holding it back.
 */
const UNFINISHED_WAIT_MS = 7 * 24 * 3600_000;
const READ_FROM_THE_BEGINNING = new Date(0);
const FULL_SHA = /^[0-9a-f]{40}$/;
const NO_DATA: readonly string[] = [ErrorCodes.githubNotFound, ErrorCodes.githubForbidden];

/**
 * Reads a repository's GitHub deployments (with their latest status), releases, workflow runs of
 * the default branch and labelled issues into `deployments` and `incidents` (docs/delivery.md).
 * Each source is read newest first, stored page by page, down to its watermark in
 * `delivery_syncs`; a first page GitHub answers 304 after a complete read means the source is
 * current. A 404 or 403 for one source (Actions disabled, no access) is "no data"; any other
 * failure is recorded on that source, and a spent rate limit ends the sync.
 */
export async function syncDelivery(
  deps: SyncDeps,
  target: DeliveryTarget,
): Promise<DeliverySyncOutcome> {
  const repoKey = repoKeyOf(target);
  const { octokit } = await deps.clients.forUser(target.userId);
  const repository = await getFresh(octokit, 'GET /repos/{owner}/{repo}', {
    owner: target.owner,
    repo: target.repo,
  }).catch((caught: unknown) => Promise.reject(gitHubError(caught)));
  const about = repository.data as { private: boolean; default_branch: string };
  const scope = about.private ? target.userId : '';
  await dropOtherCopy(deps.db, { repoKey, scope, userId: target.userId });
  const known = await deliverySyncRows(deps.db, { repoKey, scope });
  const where = { repoKey, scope };
  const reading: Reading = { deps, octokit, target, where, known };
  const sources = {} as Record<DeliverySourceName, SourceOutcome>;
  let rateLimited: AppError | null = null;
  for (const source of GITHUB_DELIVERY_SOURCES) {
    deps.signal?.throwIfAborted();
    const at = new Date(deps.now());
    if (rateLimited) {
      await saveSourceFailed(deps.db, { ...where, source, error: rateLimited.message, at });
      sources[source] = { result: 'failed', code: rateLimited.code, message: rateLimited.message };
      continue;
    }
    try {
      const read = await READERS[source](reading, about.default_branch);
      await saveSourceSynced(deps.db, { ...where, source, watermark: read.watermark, at });
      if (read.stored > 0) {
        if (source === 'issues')
          await deps.events.emit('incidents.stored', { repoKey, projectId: null });
        else await deps.events.emit('deployments.stored', { repoKey, scope, source });
      }
      sources[source] = { result: 'stored', stored: read.stored, unchanged: read.unchanged };
    } catch (caught) {
      const error = gitHubGraphqlError(caught);
      // Not GitHub's answer (database, bug): the job fails visibly.
      if (!(error instanceof AppError)) throw error;
      if (NO_DATA.includes(error.code)) {
        const watermark = known.get(source)?.lastSyncedAt ?? null;
        await saveSourceSynced(deps.db, { ...where, source, watermark, at });
        sources[source] = { result: 'no data', code: error.code };
        continue;
      }
      await saveSourceFailed(deps.db, { ...where, source, error: error.message, at });
      sources[source] = { result: 'failed', code: error.code, message: error.message };
      if (error.code === ErrorCodes.githubRateLimited) rateLimited = error;
    }
  }
  return { scope, sources };
}

interface Reading {
  deps: SyncDeps;
  octokit: GitHubOctokit;
  target: DeliveryTarget;
  where: { repoKey: string; scope: string };
  known: Map<DeliverySyncRow['source'], DeliverySyncRow>;
}

interface Stored {
  stored: number;
  /** When the items still under way were created (epoch milliseconds). */
  unfinished?: number[];
}

interface SourceRead {
  unchanged: boolean;
  stored: number;
  watermark: Date;
}

/**
 * Reads a list newest first (by `time`) down to the source's watermark, storing each page's new
 * items. When its first page is GitHub's 304 and the last read completed, nothing changed.
 * `full` reads every page whenever the first changed (releases: few, and a draft published late
 * keeps its early creation time). The new watermark is the newest item's time, or the oldest
 * item still under way, if earlier (it is read again next time).
 */
async function readNewestFirst<T>(
  reading: Reading,
  source: DeliverySourceName,
  list: {
    route: string;
    params: Record<string, unknown>;
    items: (data: unknown) => T[];
    time: (item: T) => string;
    full?: boolean;
    /** Stores a page's new items; says how many, and the times of those still under way. */
    store: (items: T[]) => Promise<Stored>;
  },
): Promise<SourceRead> {
  const row = reading.known.get(source);
  const watermark = row?.lastSyncedAt ?? null;
  let first = true;
  let stored = 0;
  let newest: number | null = null;
  let oldestUnfinished: number | null = null;
  const pages = listPages(reading.octokit, list.route, {
    owner: reading.target.owner,
    repo: reading.target.repo,
    per_page: 100,
    ...list.params,
  });
  for await (const answer of pages) {
    reading.deps.signal?.throwIfAborted();
    if (first && answer.revalidated && row?.status === 'synced' && watermark)
      return { unchanged: true, stored: 0, watermark };
    first = false;
    const all = list.items(answer.data);
    // Not `>`: several items can share the watermark's second; one read again is cheap.
    const fresh =
      watermark && !list.full
        ? all.filter((item) => Date.parse(list.time(item)) >= watermark.getTime())
        : all;
    for (const item of fresh) newest = Math.max(newest ?? 0, Date.parse(list.time(item)));
    const page = await list.store(fresh);
    stored += page.stored;
    for (const time of page.unfinished ?? [])
      oldestUnfinished = Math.min(oldestUnfinished ?? time, time);
    if (fresh.length < all.length) break;
  }
  if (newest === null)
    return { unchanged: false, stored, watermark: watermark ?? READ_FROM_THE_BEGINNING };
  const held =
    oldestUnfinished !== null && newest - oldestUnfinished <= UNFINISHED_WAIT_MS
      ? oldestUnfinished
      : newest;
  return { unchanged: false, stored, watermark: new Date(held) };
}

interface GitHubDeployment {
  id: number;
  sha: string;
  ref: string;
  environment: string;
  created_at: string;
  url: string;
}

interface GitHubDeploymentStatus {
  state: string;
  created_at: string;
  log_url?: string;
  target_url?: string;
}

interface GitHubRelease {
  id: number;
  tag_name: string;
  target_commitish: string;
  name: string | null;
  draft: boolean;
  prerelease: boolean;
  created_at: string;
  published_at: string | null;
  html_url: string;
}

interface GitHubWorkflowRun {
  id: number;
  name?: string | null;
  head_sha: string;
  head_branch: string | null;
  status: string | null;
  conclusion: string | null;
  created_at: string;
  updated_at: string;
  html_url: string;
}

interface GitHubIssue {
  number: number;
  title: string;
  html_url: string;
  labels: Array<string | { name?: string }>;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  pull_request?: unknown;
}

const UNFINISHED_DEPLOYMENT = new Set(['pending', 'queued', 'in_progress']);

/** A deployment's status: its latest; one replaced later (`inactive`) counts as the success it was. */
async function deploymentRecord(
  reading: Reading,
  deployment: GitHubDeployment,
): Promise<DeploymentRecord> {
  const statuses = async (perPage: number) =>
    (
      await getFresh(
        reading.octokit,
        'GET /repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
        {
          owner: reading.target.owner,
          repo: reading.target.repo,
          deployment_id: deployment.id,
          per_page: perPage,
        },
      )
    ).data as GitHubDeploymentStatus[];
  let latest = (await statuses(1))[0];
  if (latest?.state === 'inactive')
    latest = (await statuses(100)).find((status) => status.state === 'success') ?? latest;
  const status = latest?.state ?? 'pending';
  return {
    externalId: String(deployment.id),
    name: deployment.environment,
    sha: deployment.sha,
    ref: deployment.ref,
    status,
    deployedAt: new Date(status === 'success' ? latest!.created_at : deployment.created_at),
    url: latest?.target_url || latest?.log_url || null,
  };
}

const READERS: Record<
  DeliverySourceName,
  (reading: Reading, defaultBranch: string) => Promise<SourceRead>
> = {
  deployments: (reading) =>
    readNewestFirst<GitHubDeployment>(reading, 'deployments', {
      route: 'GET /repos/{owner}/{repo}/deployments',
      params: {},
      items: (data) => data as GitHubDeployment[],
      time: (deployment) => deployment.created_at,
      store: async (items) => {
        const records: DeploymentRecord[] = [];
        for (const deployment of items) records.push(await deploymentRecord(reading, deployment));
        const stored = await storeDeployments(reading, 'deployments', records);
        const unfinished = items
          .filter((_, n) => UNFINISHED_DEPLOYMENT.has(records[n]!.status))
          .map((deployment) => Date.parse(deployment.created_at));
        return { stored, unfinished };
      },
    }),
  releases: (reading) =>
    readNewestFirst<GitHubRelease>(reading, 'releases', {
      route: 'GET /repos/{owner}/{repo}/releases',
      params: {},
      items: (data) => data as GitHubRelease[],
      time: (release) => release.created_at,
      full: true,
      store: async (items) => ({
        stored: await storeDeployments(
          reading,
          'releases',
          // Drafts are not out yet; prereleases are not production releases.
          items
            .filter((release) => !release.draft && !release.prerelease && release.published_at)
            .map((release) => ({
              externalId: String(release.id),
              name: release.name || release.tag_name,
              // A branch name says nothing of the commit: the mirror's tag resolves `ref`.
              sha: FULL_SHA.test(release.target_commitish) ? release.target_commitish : '',
              ref: release.tag_name,
              status: 'success',
              deployedAt: new Date(release.published_at!),
              url: release.html_url,
            })),
        ),
      }),
    }),
  workflow_runs: (reading, defaultBranch) =>
    readNewestFirst<GitHubWorkflowRun>(reading, 'workflow_runs', {
      route: 'GET /repos/{owner}/{repo}/actions/runs',
      params: { branch: defaultBranch },
      items: (data) => (data as { workflow_runs: GitHubWorkflowRun[] }).workflow_runs,
      time: (run) => run.created_at,
      store: async (items) => ({
        stored: await storeDeployments(
          reading,
          'workflow_runs',
          items.map((run) => {
            const completed = run.status === 'completed';
            return {
              externalId: String(run.id),
              name: run.name ?? '',
              sha: run.head_sha,
              ref: run.head_branch,
              status: (completed ? run.conclusion : run.status) ?? 'pending',
              deployedAt: new Date(completed ? run.updated_at : run.created_at),
              url: run.html_url,
            };
          }),
        ),
        unfinished: items
          .filter((run) => run.status !== 'completed')
          .map((run) => Date.parse(run.created_at)),
      }),
    }),
  // Newest update first, down to the watermark: the same first page each time, so an unchanged
  // list is GitHub's free 304 (a moving `since=` would be a new address every time).
  issues: (reading) =>
    readNewestFirst<GitHubIssue>(reading, 'issues', {
      route: 'GET /repos/{owner}/{repo}/issues',
      params: { state: 'all', sort: 'updated', direction: 'desc' },
      items: (data) => data as GitHubIssue[],
      time: (issue) => issue.updated_at,
      store: async (items) => {
        const records: IssueRecord[] = items
          // The issues list includes pull requests; they are never incidents.
          .filter((issue) => !issue.pull_request)
          .map((issue) => ({
            externalId: String(issue.number),
            title: issue.title,
            url: issue.html_url,
            labels: issue.labels
              .map((label) => (typeof label === 'string' ? label : (label.name ?? '')))
              .filter(Boolean),
            startedAt: new Date(issue.created_at),
            resolvedAt: issue.closed_at ? new Date(issue.closed_at) : null,
          }));
        await saveIssues(
          reading.deps.db,
          { ...reading.where, at: new Date(reading.deps.now()) },
          records,
        );
        return { stored: records.length };
      },
    }),
};

async function storeDeployments(
  reading: Reading,
  source: DeploymentSourceName,
  records: DeploymentRecord[],
): Promise<number> {
  await saveDeployments(
    reading.deps.db,
    { ...reading.where, source, at: new Date(reading.deps.now()) },
    records,
  );
  return records.length;
}
