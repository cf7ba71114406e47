import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@rota/contracts';
import { deliverySyncs, deployments, httpCache, incidents, jobs } from '../../db/schema/index.js';
import { registerUser } from '../../testing/auth-helpers.js';
import {
  startGitHubDouble,
  type DoubleRepository,
  type GitHubDouble,
} from '../../testing/github-double/index.js';
import { useTestApp } from '../../testing/test-app.js';
import { GitHubClients, HttpCache, RateLimitState } from '../github/index.js';
import { createDeliverySyncHandler, DELIVERY_SYNC_JOB, thenSyncDelivery } from './sync-job.js';

/**
 * The delivery sync against the GitHub double over HTTP: real ETags (a 304 spends nothing), Link
 * headers, and answers held to GitHub's OpenAPI description by the double's own test.
 */
const AYSE = 'gho_ayse';
const minute = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();
const sha = (n: number) => n.toString(16).padStart(40, 'a');

const repository: DoubleRepository = { owner: 'acme', name: 'api', defaultBranch: 'main' };
let double: GitHubDouble;
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { [AYSE]: { login: 'ayse', id: 7 } },
    repositories: [repository],
  });
});
afterAll(async () => double?.close());

const tokens = new Map<string, string>();
const context = useTestApp({
  config: {
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: undefined };
    },
  },
  deps: () => ({ githubUserToken: async (userId: string) => tokens.get(userId) ?? null }),
  startQueue: false,
});

let userId: string;
let clients: GitHubClients;
const heard: Array<{ name: string; payload: unknown }> = [];
beforeEach(async () => {
  double.requests.length = 0;
  heard.length = 0;
  repository.delivery = {};
  const { user } = await registerUser(context.app);
  tokens.set(user.id, AYSE);
  userId = user.id;
  clients = new GitHubClients({
    apiUrl: double.apiUrl,
    serverToken: undefined,
    userToken: async (id) => tokens.get(id) ?? null,
    cache: new HttpCache(context.database.db),
    rateLimits: new RateLimitState(),
    retryAfterUnitMs: 1,
  });
  const db = context.database.db;
  await db.delete(deployments);
  await db.delete(incidents);
  await db.delete(deliverySyncs);
  // No stored ETags: each test starts from GitHub's first answers.
  await db.delete(httpCache);
});

beforeAll(() => {
  for (const name of ['deployments.stored', 'incidents.stored'] as const)
    context.events.on(name, (payload) => {
      heard.push({ name, payload });
    });
});

async function sync() {
  const handler = createDeliverySyncHandler({
    db: context.database.db,
    clients,
    events: context.events,
    now: () => context.clock.now,
  });
  const before = double.requests.length;
  const result = (await handler(
    { forge: 'github', owner: 'acme', repo: 'api', userId },
    { jobId: 'test', attempt: 1, signal: new AbortController().signal, progress: async () => {} },
  )) as Record<string, unknown>;
  return { result, calls: double.requests.slice(before) };
}

const storedDeployments = (source: 'deployments' | 'releases' | 'workflow_runs') =>
  context.database.db
    .select()
    .from(deployments)
    .where(and(eq(deployments.repoKey, 'acme/api'), eq(deployments.source, source)))
    .orderBy(asc(deployments.deployedAt));

const storedIncidents = () =>
  context.database.db
    .select()
    .from(incidents)
    .where(eq(incidents.repoKey, 'acme/api'))
    .orderBy(asc(incidents.startedAt));

const syncRows = async () =>
  Object.fromEntries(
    (await context.database.db.select().from(deliverySyncs)).map((row) => [row.source, row]),
  );

function seedEverything() {
  repository.delivery = {
    deployments: [
      {
        id: 11,
        sha: sha(1),
        environment: 'production',
        createdAt: minute(10),
        statuses: [
          { state: 'in_progress', createdAt: minute(11) },
          { state: 'success', createdAt: minute(14) },
        ],
      },
      {
        id: 12,
        sha: sha(2),
        environment: 'production',
        createdAt: minute(20),
        statuses: [{ state: 'failure', createdAt: minute(23) }],
      },
      {
        id: 13,
        sha: sha(3),
        environment: 'staging',
        createdAt: minute(30),
        statuses: [{ state: 'success', createdAt: minute(31) }],
      },
    ],
    releases: [
      { id: 21, tagName: 'v1.0.0', targetCommitish: sha(1), createdAt: minute(15) },
      { id: 22, tagName: 'v1.1.0', targetCommitish: 'main', createdAt: minute(40) },
      { id: 23, tagName: 'v2.0.0-rc.1', prerelease: true, createdAt: minute(45) },
      { id: 24, tagName: 'v2.0.0', draft: true, createdAt: minute(46) },
    ],
    runs: [
      {
        id: 31,
        name: 'Deploy',
        headSha: sha(1),
        branch: 'main',
        createdAt: minute(5),
        updatedAt: minute(9),
      },
      {
        id: 32,
        name: 'Deploy',
        headSha: sha(2),
        branch: 'main',
        conclusion: 'failure',
        createdAt: minute(18),
        updatedAt: minute(22),
      },
      { id: 33, name: 'CI', headSha: sha(9), branch: 'feature', createdAt: minute(19) },
    ],
    issues: [
      {
        number: 1,
        title: 'Checkout is down',
        labels: ['incident', 'sev1'],
        createdAt: minute(24),
        closedAt: minute(50),
      },
      { number: 2, title: 'Typo', createdAt: minute(25) },
      {
        number: 3,
        title: 'Fix checkout',
        labels: ['incident'],
        createdAt: minute(26),
        pullRequest: true,
      },
      { number: 4, title: 'Slow search', labels: ['bug'], createdAt: minute(27) },
    ],
  };
}

describe('delivery sync', () => {
  it('stores deployments with their latest status, releases, runs of the default branch and labelled issues', async () => {
    seedEverything();
    const { result } = await sync();
    expect(result).toMatchObject({
      scope: '',
      sources: {
        deployments: { result: 'stored', stored: 3 },
        releases: { result: 'stored', stored: 2 },
        workflow_runs: { result: 'stored', stored: 2 },
        issues: { result: 'stored', stored: 3 },
      },
    });

    const deployed = await storedDeployments('deployments');
    expect(
      deployed.map(({ externalId, name, sha, status, deployedAt }) => ({
        externalId,
        name,
        sha,
        status,
        deployedAt: deployedAt.toISOString(),
      })),
    ).toEqual([
      // A success is dated by its success status; anything else by the deployment's creation.
      {
        externalId: '11',
        name: 'production',
        sha: sha(1),
        status: 'success',
        deployedAt: minute(14),
      },
      {
        externalId: '12',
        name: 'production',
        sha: sha(2),
        status: 'failure',
        deployedAt: minute(20),
      },
      // Another environment is stored with its name: the pattern is applied when read.
      { externalId: '13', name: 'staging', sha: sha(3), status: 'success', deployedAt: minute(31) },
    ]);

    const releases = await storedDeployments('releases');
    expect(
      releases.map(({ ref, sha, status, deployedAt }) => ({
        ref,
        sha,
        status,
        deployedAt: deployedAt.toISOString(),
      })),
    ).toEqual([
      { ref: 'v1.0.0', sha: sha(1), status: 'success', deployedAt: minute(15) },
      // A branch as target names no commit: the tag resolves it on the mirror.
      { ref: 'v1.1.0', sha: '', status: 'success', deployedAt: minute(40) },
    ]);

    const runs = await storedDeployments('workflow_runs');
    expect(
      runs.map(({ name, sha, ref, status, deployedAt }) => ({
        name,
        sha,
        ref,
        status,
        deployedAt: deployedAt.toISOString(),
      })),
    ).toEqual([
      { name: 'Deploy', sha: sha(1), ref: 'main', status: 'success', deployedAt: minute(9) },
      { name: 'Deploy', sha: sha(2), ref: 'main', status: 'failure', deployedAt: minute(22) },
    ]);

    const issues = await storedIncidents();
    expect(
      issues.map(({ externalId, title, labels, startedAt, resolvedAt, source }) => ({
        externalId,
        title,
        labels,
        source,
        startedAt: startedAt.toISOString(),
        resolvedAt: resolvedAt?.toISOString() ?? null,
      })),
    ).toEqual([
      {
        externalId: '1',
        title: 'Checkout is down',
        labels: ['incident', 'sev1'],
        source: 'issues',
        startedAt: minute(24),
        resolvedAt: minute(50),
      },
      // Any label is kept (the project's pattern decides when read); the pull request is not.
      {
        externalId: '4',
        title: 'Slow search',
        labels: ['bug'],
        source: 'issues',
        startedAt: minute(27),
        resolvedAt: null,
      },
    ]);

    const rows = await syncRows();
    for (const source of ['deployments', 'releases', 'workflow_runs', 'issues'])
      expect(rows[source]).toMatchObject({ status: 'synced', error: null });
    expect(rows.deployments!.lastSyncedAt?.toISOString()).toBe(minute(30));
    expect(rows.issues!.lastSyncedAt?.toISOString()).toBe(minute(50));
    expect(heard).toEqual([
      {
        name: 'deployments.stored',
        payload: { repoKey: 'acme/api', scope: '', source: 'deployments' },
      },
      {
        name: 'deployments.stored',
        payload: { repoKey: 'acme/api', scope: '', source: 'releases' },
      },
      {
        name: 'deployments.stored',
        payload: { repoKey: 'acme/api', scope: '', source: 'workflow_runs' },
      },
      { name: 'incidents.stored', payload: { repoKey: 'acme/api', projectId: null } },
    ]);
  });

  it('an unchanged re-sync costs only conditional calls GitHub answers 304', async () => {
    seedEverything();
    await sync();
    heard.length = 0;
    const { result, calls } = await sync();
    // The repository, then each source's first page.
    expect(calls.map((call) => call.status)).toEqual([304, 304, 304, 304, 304]);
    expect(result).toMatchObject({
      sources: {
        deployments: { result: 'stored', stored: 0, unchanged: true },
        issues: { result: 'stored', stored: 0, unchanged: true },
      },
    });
    expect(heard).toEqual([]);
    expect(await storedDeployments('deployments')).toHaveLength(3);
  });

  it('after a new deployment, reads its status and stops paging at the watermark', async () => {
    repository.delivery = {
      deployments: Array.from({ length: 150 }, (_, n) => ({
        id: 100 + n,
        sha: sha(n),
        environment: 'production',
        createdAt: minute(n),
        statuses: [{ state: 'success' as const, createdAt: minute(n) }],
      })),
    };
    const first = await sync();
    const statusCalls = (calls: typeof first.calls) =>
      calls.filter((call) => call.url.includes('/statuses'));
    const listCalls = (calls: typeof first.calls) =>
      calls.filter((call) => /\/deployments\?/.test(call.url));
    expect(listCalls(first.calls)).toHaveLength(2);
    expect(listCalls(first.calls)[1]!.url).toContain('page=2');
    expect(statusCalls(first.calls)).toHaveLength(150);
    expect(await storedDeployments('deployments')).toHaveLength(150);

    repository.delivery.deployments!.push({
      id: 999,
      sha: sha(999),
      environment: 'production',
      createdAt: minute(200),
      statuses: [{ state: 'error', createdAt: minute(201) }],
    });
    const second = await sync();
    // One page: the new deployment and the one at the watermark (its second, read again).
    expect(listCalls(second.calls).map((call) => call.status)).toEqual([200]);
    expect(statusCalls(second.calls).map((call) => call.status)).toEqual([200, 304]);
    const stored = await storedDeployments('deployments');
    expect(stored).toHaveLength(151);
    expect(stored.at(-1)).toMatchObject({ externalId: '999', status: 'error' });
  });

  it('reads a deployment still under way again until it ends, and keeps the success of one made inactive', async () => {
    repository.delivery = {
      deployments: [
        {
          id: 1,
          sha: sha(1),
          environment: 'production',
          createdAt: minute(0),
          statuses: [
            { state: 'success', createdAt: minute(2) },
            { state: 'inactive', createdAt: minute(20) },
          ],
        },
        {
          id: 2,
          sha: sha(2),
          environment: 'production',
          createdAt: minute(10),
          statuses: [{ state: 'in_progress', createdAt: minute(11) }],
        },
        {
          id: 3,
          sha: sha(3),
          environment: 'production',
          createdAt: minute(15),
          statuses: [{ state: 'success', createdAt: minute(16) }],
        },
      ],
    };
    await sync();
    expect(
      (await storedDeployments('deployments')).map((row) => [row.externalId, row.status]),
    ).toEqual([
      ['1', 'success'],
      ['2', 'in_progress'],
      ['3', 'success'],
    ]);
    // The watermark waits at the deployment still under way.
    expect((await syncRows()).deployments!.lastSyncedAt?.toISOString()).toBe(minute(10));
    repository.delivery.deployments![1]!.statuses!.push({
      state: 'failure',
      createdAt: minute(25),
    });
    await sync();
    const rows = await storedDeployments('deployments');
    expect(rows.find((row) => row.externalId === '2')).toMatchObject({ status: 'failure' });
    expect(rows.find((row) => row.externalId === '1')!.deployedAt.toISOString()).toBe(minute(2));
    expect((await syncRows()).deployments!.lastSyncedAt?.toISOString()).toBe(minute(15));
  });

  it('stores issues updated since the last sync, and drops one whose labels were removed', async () => {
    seedEverything();
    await sync();
    const issues = repository.delivery!.issues!;
    issues.push({ number: 5, title: 'Payments fail', labels: ['outage'], createdAt: minute(60) });
    issues[3]!.labels = [];
    issues[3]!.updatedAt = minute(61);
    const { calls } = await sync();
    const issueCalls = calls.filter((call) => call.url.includes('/issues'));
    expect(issueCalls.map((call) => call.status)).toEqual([200]);
    expect((await storedIncidents()).map((row) => row.externalId)).toEqual(['1', '5']);
  });

  it('takes Actions disabled as no data, and ends with GitHub’s reason when the repository is refused', async () => {
    seedEverything();
    repository.delivery!.actionsDisabled = true;
    const { result } = await sync();
    expect(result).toMatchObject({
      sources: {
        workflow_runs: { result: 'no data', code: ErrorCodes.githubNotFound },
        deployments: { result: 'stored', stored: 3 },
      },
    });
    const rows = await syncRows();
    expect(rows.workflow_runs).toMatchObject({ status: 'synced', error: null });
    expect(await storedDeployments('workflow_runs')).toEqual([]);

    // A spent rate limit before anything was stored: the sync ends with GitHub's reason.
    await context.database.db.delete(httpCache);
    double.limits.bucket(AYSE, 'core').used = double.limits.bucket(AYSE, 'core').limit;
    try {
      const refused = await sync();
      expect(refused.result).toMatchObject({ stored: false, error: ErrorCodes.githubRateLimited });
    } finally {
      double.limits.bucket(AYSE, 'core').used = 0;
    }
    expect(await storedDeployments('deployments')).toHaveLength(3);
  });

  it('records the failing source and keeps its watermark when GitHub fails part way', async () => {
    seedEverything();
    await sync();
    const before = (await syncRows()).releases!.lastSyncedAt;
    repository.delivery!.releases!.push({ id: 25, tagName: 'v3.0.0', createdAt: minute(80) });
    repository.delivery!.runs!.push({
      id: 34,
      name: 'Deploy',
      headSha: sha(4),
      branch: 'main',
      createdAt: minute(81),
    });
    double.limits.bucket(AYSE, 'core').used = double.limits.bucket(AYSE, 'core').limit - 1;
    try {
      // The repository and the deployments are GitHub's free 304s, the releases take the last
      // call allowed; the runs and issues are refused, and an old answer proves nothing.
      const { result } = await sync();
      expect(result).toMatchObject({
        sources: {
          deployments: { result: 'stored', unchanged: true },
          releases: { result: 'stored', stored: 3 },
          workflow_runs: { result: 'failed', code: ErrorCodes.githubUnavailable },
          issues: { result: 'failed', code: ErrorCodes.githubUnavailable },
        },
      });
    } finally {
      double.limits.bucket(AYSE, 'core').used = 0;
    }
    const rows = await syncRows();
    expect(rows.releases!.lastSyncedAt?.getTime()).toBeGreaterThan(before!.getTime());
    expect(rows.workflow_runs).toMatchObject({ status: 'failed' });
    expect(rows.workflow_runs!.error).toContain('GitHub did not answer');
    expect(rows.workflow_runs!.lastSyncedAt?.toISOString()).toBe(minute(18));
  });

  it('is queued once when a pull-request sync of the repository ends, for the same reader', async () => {
    let ran = 0;
    const pullRequestSync = thenSyncDelivery(
      async () => {
        ran += 1;
        return { stored: 0 };
      },
      () => context.queue,
    );
    const payload = { forge: 'github', owner: 'acme', repo: 'api', userId };
    const jobContext = {
      jobId: 'test',
      attempt: 1,
      signal: new AbortController().signal,
      progress: async () => {},
    };
    expect(await pullRequestSync(payload, jobContext)).toEqual({ stored: 0 });
    await pullRequestSync(payload, jobContext);
    expect(ran).toBe(2);
    const queued = await context.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.kind, DELIVERY_SYNC_JOB));
    // The second asks while the first is still queued: one job.
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ status: 'queued', payload, ownerId: userId });
  });
});
