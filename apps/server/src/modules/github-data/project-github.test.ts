import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GitHubBlock } from '@rota/contracts';
import { jobs } from '../../db/schema/index.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import {
  startGitHubDouble,
  type DoubleRepository,
  type GitHubDouble,
} from '../../testing/github-double/index.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import { GitHubClients, HttpCache, RateLimitState } from '../github/index.js';
import { snapshotsFor } from './queries.js';
import { createRepoRefreshHandler, GITHUB_REPO_REFRESH_JOB } from './refresh-job.js';

/**
 * The `github` block of projects: served from stored data only, filled by the refresh job from the
 * GitHub double. The queue is stopped so each test runs the queued refreshes itself, when it wants.
 */
const AYSE = 'gho_ayse';
const BORA = 'gho_bora';
/** Ayşe's second token, whose rate limit one test spends (buckets are per token). */
const AYSE_LIMITED = 'gho_ayse_limited';
const day = (n: number) => new Date(Date.UTC(2026, 2, 1) + n * 86_400_000).toISOString();
const MINUTE = 60_000;

const repositories: DoubleRepository[] = [
  {
    owner: 'acme',
    name: 'api',
    stargazers: 40,
    forks: 4,
    language: 'TypeScript',
    size: 900,
    // Plus the one open pull request below: GitHub's REST `open_issues_count` says 4.
    openIssues: 3,
    activity: {
      commits: Array.from({ length: 7 }, (_, n) => ({
        message: `Change ${7 - n}`,
        author: 'ayse',
        date: day(7 - n),
      })),
      contributors: [
        { login: 'ayse', contributions: 30 },
        { login: 'bora', contributions: 5 },
      ],
      pulls: [
        { number: 12, title: 'Faster list', author: 'bora', head: 'fast-list', createdAt: day(3) },
      ],
    },
  },
  {
    owner: 'acme',
    name: 'web',
    stargazers: 2,
    forks: 1,
    language: 'TypeScript',
    activity: {
      commits: [{ message: 'Start', author: 'cem', date: day(1) }],
      contributors: [
        { login: 'cem', contributions: 20 },
        { login: 'Ayse', contributions: 15 },
      ],
    },
  },
  {
    owner: 'acme',
    name: 'tools',
    language: 'Go',
    activity: { commits: [{ message: 'go', author: 'cem', date: day(1) }] },
  },
  { owner: 'ayse', name: 'secret', private: true, stargazers: 1, language: 'Rust' },
];

let double: GitHubDouble;
const tokens = new Map<string, string>();
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: {
      [AYSE]: { login: 'ayse', id: 7 },
      [AYSE_LIMITED]: { login: 'ayse', id: 7 },
      [BORA]: { login: 'bora', id: 8 },
    },
    repositories,
  });
});
afterAll(async () => double?.close());
const context = useTestApp({
  config: {
    allowPrivateHosts: true,
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: undefined };
    },
  },
  deps: () => ({
    githubUserToken: async (userId: string) => tokens.get(userId) ?? null,
    githubStaleAfterMs: 5 * MINUTE,
  }),
  startQueue: false,
});

async function user(token: string) {
  const { user, token: rota } = await registerUser(context.app);
  tokens.set(user.id, token);
  return { id: user.id, rota, headers: bearer(rota) };
}

const urls = (...names: string[]) =>
  names.map((name) => ({ url: `https://github.com/${name}`, branch: 'main' }));

function queuedRefreshes() {
  return context.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, GITHUB_REPO_REFRESH_JOB), eq(jobs.status, 'queued')));
}

/** Runs every queued refresh the way a worker would, then takes it off the queue. */
async function runRefreshes(): Promise<unknown[]> {
  const handler = createRepoRefreshHandler({
    db: context.database.db,
    events: context.events,
    clients: new GitHubClients({
      apiUrl: double.apiUrl,
      serverToken: undefined,
      userToken: async (userId) => tokens.get(userId) ?? null,
      cache: new HttpCache(context.database.db),
      rateLimits: new RateLimitState(),
      retryAfterUnitMs: 1,
    }),
    now: () => context.clock.now,
  });
  const results: unknown[] = [];
  for (const job of await queuedRefreshes()) {
    const signal = new AbortController().signal;
    results.push(
      await handler(job.payload, { jobId: job.id, attempt: 1, signal, progress: async () => {} }),
    );
    await context.queue.cancel(job.id);
  }
  return results;
}

/** The open-issue count stored for each public repository (the read path the block uses). */
async function storedOpenIssues(): Promise<Record<string, number | null | undefined>> {
  const keys = repositories.map((repo) => `${repo.owner}/${repo.name}`);
  const rows = await snapshotsFor(context.database.db, 'github', keys, '');
  return Object.fromEntries(rows.map((row) => [row.repoKey, row.data?.repository.open_issues]));
}

async function block(projectId: string, headers: Record<string, string>): Promise<GitHubBlock> {
  const response = await context.app.inject({ url: `/api/projects/${projectId}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json().data.github;
}

describe('the github block of a project', () => {
  it('says nothing is stored yet (no invented zeros) and queues one refresh per repository', async () => {
    const ayse = await user(AYSE);
    const project = await createProject(context.app, ayse.rota, {
      repos: [...urls('acme/api', 'acme/web'), { url: 'https://gitlab.com/acme/api' }],
    });
    expect(project.github).toMatchObject({
      status: 'pending',
      stats: null,
      fetched_at: null,
      repositories: [],
      pending: ['acme/api', 'acme/web'],
    });
    const queued = await queuedRefreshes();
    expect(queued.map((job) => (job.payload as { repo: string }).repo).sort()).toEqual([
      'api',
      'web',
    ]);
    // A second read queues nothing more: one refresh per repository at a time.
    await block(project.id, ayse.headers);
    expect(await queuedRefreshes()).toHaveLength(2);
  });

  it('is filled by the refresh job from GitHub: repositories, contributors merged, stats', async () => {
    const ayse = await user(AYSE);
    const project = await createProject(context.app, ayse.rota, {
      repos: urls('acme/api', 'acme/web', 'acme/tools'),
    });
    await runRefreshes();
    const github = await block(project.id, ayse.headers);
    expect(github).toMatchObject({ status: 'ready', stale: false, pending: [], failed: [] });
    const api = github.repositories[0]!;
    expect(api).toMatchObject({
      name: 'api',
      full_name: 'acme/api',
      stars: 40,
      forks: 4,
      language: 'TypeScript',
      size: 900,
      stale: false,
      error: null,
    });
    expect(api.latest_commits.map((commit) => commit.message)).toEqual([
      'Change 7',
      'Change 6',
      'Change 5',
      'Change 4',
      'Change 3',
    ]);
    expect(api.latest_commits[0]!.author).toEqual({
      name: 'ayse',
      email: 'ayse@example.com',
      date: day(7),
    });
    expect(api.latest_commits[0]!.url).toMatch(/\/acme\/api\/commit\/[0-9a-f]{40}$/);
    expect(api.open_pull_requests).toMatchObject([
      {
        number: 12,
        title: 'Faster list',
        state: 'open',
        user: { login: 'bora' },
        head: { ref: 'fast-list' },
        base: { ref: 'main' },
      },
    ]);
    expect(api.open_pull_requests[0]!.url).toMatch(/\/acme\/api\/pull\/12$/);
    // GitHub logins are case-insensitive: ayse and Ayse are one person across repositories.
    expect(github.contributors.map((c) => [c.username, c.contributions, c.repos])).toEqual([
      ['ayse', 45, ['acme/api', 'acme/web']],
      ['cem', 20, ['acme/web']],
      ['bora', 5, ['acme/api']],
    ]);
    expect(github.stats).toMatchObject({
      total_stars: 42,
      total_forks: 5,
      total_repos: 3,
      total_open_pull_requests: 1,
      languages: ['TypeScript', 'Go'],
      top_contributor: { username: 'ayse', contributions: 45 },
    });
    expect(Date.parse(github.fetched_at!)).toBe(context.clock.now);
  });

  it('stores the open issues without the pull requests, at one GraphQL call per repository', async () => {
    const ayse = await user(AYSE);
    await createProject(context.app, ayse.rota, { repos: urls('acme/api', 'acme/web') });
    const before = double.requests.length;
    await runRefreshes();
    const calls = double.requests.slice(before).filter((call) => call.url === '/graphql');
    expect(calls.map((call) => call.status)).toEqual([200, 200]);
    expect(await storedOpenIssues()).toEqual({ 'acme/api': 3, 'acme/web': 0 });
  });

  it('says "not measured" (null) without a GitHub token: GraphQL answers nobody without one', async () => {
    const anonymous = await user(''); // no GitHub token of their own, and no server token
    await createProject(context.app, anonymous.rota, { repos: urls('acme/tools') });
    const before = double.requests.length;
    await runRefreshes();
    expect(double.requests.slice(before).filter((call) => call.url === '/graphql')).toEqual([]);
    expect((await storedOpenIssues())['acme/tools']).toBeNull();
  });

  it('is served from stored data: the list never calls GitHub, and carries it only when asked', async () => {
    const ayse = await user(AYSE);
    const project = await createProject(context.app, ayse.rota, { repos: urls('acme/api') });
    await createProject(context.app, ayse.rota, { name: 'No GitHub' });
    await runRefreshes();
    const before = double.requests.length;
    const listed = await context.app.inject({
      url: '/api/projects?include_github=true',
      headers: ayse.headers,
    });
    expect(double.requests.length).toBe(before);
    const byName = new Map(
      listed.json().data.map((p: { name: string; github?: GitHubBlock }) => [p.name, p.github]),
    );
    expect(byName.get('Rota Platform')).toMatchObject({
      status: 'ready',
      stats: { total_stars: 40 },
    });
    expect(byName.get('No GitHub')).toBeUndefined();
    const plain = await context.app.inject({ url: '/api/projects', headers: ayse.headers });
    expect(plain.json().data[0].github).toBeUndefined();
    expect(project.id).toBeTruthy();
  });

  it('serves old data marked stale when GitHub fails, and queues a refresh past the threshold', async () => {
    const ayse = await user(AYSE_LIMITED);
    const project = await createProject(context.app, ayse.rota, { repos: urls('acme/api') });
    await runRefreshes();
    context.clock.now += 4 * MINUTE;
    expect((await block(project.id, ayse.headers)).stale).toBe(false);
    expect(await queuedRefreshes()).toHaveLength(0);
    context.clock.now += 2 * MINUTE;
    double.limits.exhaust(AYSE_LIMITED, 'core');
    const old = await block(project.id, ayse.headers);
    expect(old).toMatchObject({ status: 'ready', stale: true });
    expect(old.repositories[0]).toMatchObject({ stars: 40, stale: true, error: null });
    expect(await queuedRefreshes()).toHaveLength(1);
    await runRefreshes();
    const failed = await block(project.id, ayse.headers);
    expect(failed.repositories[0]).toMatchObject({
      stars: 40,
      stale: true,
      error: { code: 'GITHUB_UNAVAILABLE' },
    });
    // Failed just now: the next refresh waits for the threshold too, instead of every read.
    expect(await queuedRefreshes()).toHaveLength(0);
  });

  it('names repositories GitHub does not show, with the reason, instead of inventing data', async () => {
    const ayse = await user(AYSE);
    const project = await createProject(context.app, ayse.rota, {
      repos: urls('acme/gone', 'acme/web'),
    });
    await runRefreshes();
    const github = await block(project.id, ayse.headers);
    expect(github).toMatchObject({
      status: 'partial',
      pending: [],
      failed: [{ full_name: 'acme/gone', error: { code: 'GITHUB_NOT_FOUND' } }],
      stats: { total_repos: 1, total_stars: 2 },
    });
  });

  it("keeps a private repository's data to the user whose token read it", async () => {
    const ayse = await user(AYSE);
    const bora = await user(BORA);
    const mine = await createProject(context.app, ayse.rota, { repos: urls('ayse/secret') });
    const theirs = await createProject(context.app, bora.rota, { repos: urls('ayse/secret') });
    await runRefreshes();
    expect((await block(mine.id, ayse.headers)).repositories[0]).toMatchObject({
      full_name: 'ayse/secret',
      language: 'Rust',
    });
    expect(await block(theirs.id, bora.headers)).toMatchObject({
      status: 'pending',
      repositories: [],
      failed: [{ full_name: 'ayse/secret', error: { code: 'GITHUB_NOT_FOUND' } }],
    });
  });
});
