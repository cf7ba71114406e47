import { randomBytes, randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheCleared, CacheState, CacheStatus } from '@rota/contracts';
import {
  analysisResults,
  githubRepoSnapshots,
  httpCache,
  jobs,
  projectAnalytics,
  projectMembers,
  projectRepos,
  projects,
  pullRequestReviews,
  pullRequests,
  pullRequestSyncs,
  reviews,
  users,
} from '../../db/schema/index.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createFixtureRepo, type FixtureRepo } from '../../testing/git-fixtures.js';
import {
  startGitHubDouble,
  type DoubleRepository,
  type GitHubDouble,
} from '../../testing/github-double/index.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';

/**
 * The cache calls through the running app: real entries in every cache (a stored analysis of a
 * fixture repository, GitHub answers from the double, analytics, project lists), what the status
 * says of them, and clearing — after which the next read computes again and no user data is gone.
 */
const AYSE = 'gho_ayse';
const BORA = 'gho_bora';
const api: DoubleRepository = {
  owner: 'acme',
  name: 'api',
  activity: {
    pulls: [
      {
        number: 1,
        title: 'Add login page',
        author: 'bora',
        head: 'login',
        createdAt: '2026-01-01T00:00:00Z',
        reviews: [{ author: 'cem', state: 'APPROVED', submittedAt: '2026-01-01T02:00:00Z' }],
      },
    ],
  },
};
const web: DoubleRepository = { owner: 'acme', name: 'web' };
let double: GitHubDouble;
let repo: FixtureRepo;
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { [AYSE]: { login: 'ayse', id: 7 }, [BORA]: { login: 'bora', id: 8 } },
    repositories: [api, web],
  });
  repo = createFixtureRepo();
  repo.commitFile('src/a.ts', 'export const a = 1;\n');
});
afterAll(async () => {
  await double?.close();
  repo?.remove();
});

const tokens = new Map<string, string>();
const ctx = useTestApp({
  config: {
    allowLocalRepos: true,
    allowPrivateHosts: true,
    analysisWaitMs: 0,
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: undefined };
    },
  },
  deps: () => ({ githubUserToken: async (userId: string) => tokens.get(userId) ?? null }),
});
const embedded = process.env.TEST_DB_DRIVER !== 'postgres';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function user(githubToken?: string) {
  const { user, token } = await registerUser(ctx.app);
  if (githubToken) tokens.set(user.id, githubToken);
  return { id: user.id, token, headers: bearer(token) };
}
type User = Awaited<ReturnType<typeof user>>;

/** Waits until no job is queued or running (syncs and refreshes a new project queues). */
async function settled() {
  for (let round = 0; round < 300; round += 1) {
    const live = await ctx.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(inArray(jobs.status, ['queued', 'running']));
    if (live.length === 0) return;
    await Promise.all(live.map((job) => ctx.queue.waitFor(job.id, 5_000)));
  }
  throw new Error('jobs did not settle');
}

const get = (url: string, who: User) =>
  ctx.app.inject({ method: 'GET', url, headers: who.headers });
const post = (url: string, who?: User) =>
  ctx.app.inject({ method: 'POST', url, ...(who ? { headers: who.headers } : {}) });

async function status(who: User): Promise<CacheStatus['caches']> {
  const response = await get('/api/cache/status', who);
  expect(response.statusCode).toBe(200);
  return (response.json().data as CacheStatus).caches;
}

/** The figures of an available cache (fails the test when it is not). */
function figures(state: CacheState) {
  if (!state.available) throw new Error(`cache not available: ${state.reason}`);
  return state;
}

/** Stored analysis of the fixture repository: read until ready, then once more (that is kept). */
async function analysed(who: User, projectId: string) {
  const url = `/api/projects/${projectId}/structure-analysis`;
  for (let i = 0; i < 300; i += 1) {
    const response = await get(url, who);
    const entry = response.statusCode === 200 ? response.json().data.repositories[0] : null;
    if (entry?.status === 'ready' && !['queued', 'running'].includes(entry.job?.status)) {
      expect((await get(url, who)).statusCode).toBe(200);
      return;
    }
    await sleep(100);
  }
  throw new Error('no stored structure analysis in time');
}

/**
 * One owner with a project on the fixture repository (an analysis stored) and one on
 * github.com/acme/api (pull requests synced from the double), each project's analytics and the
 * owner's project list read, and a Rota review of the pull request stored.
 */
async function ownerWithEntries(who: User) {
  const local = await createProject(ctx.app, who.token, {
    name: 'Local',
    repos: [{ url: repo.dir }],
  });
  const github = await createProject(ctx.app, who.token, {
    name: 'On GitHub',
    repos: [{ url: 'https://github.com/acme/api' }],
  });
  await settled();
  await ctx.database.db.insert(reviews).values({
    repoKey: 'acme/api',
    number: 1,
    headSha: randomBytes(20).toString('hex'),
    configKey: 'cache-test',
    trigger: 'manual',
  });
  await analysed(who, local.id);
  for (const project of [local, github])
    expect((await get(`/api/projects/${project.id}/analytics`, who)).statusCode).toBe(200);
  expect((await get('/api/projects', who)).statusCode).toBe(200);
  return { local, github };
}

/** Every row of what users own or Rota read for them: none of it is a cache. */
async function userData() {
  const { db } = ctx.database;
  const tables = {
    users,
    projects,
    projectRepos,
    projectMembers,
    pullRequests,
    pullRequestReviews,
    pullRequestSyncs,
    reviews,
    analysisResults,
    githubRepoSnapshots,
  };
  const rows: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(tables))
    rows[name] = (await db.select().from(table)).map((row) => JSON.stringify(row)).sort();
  return rows;
}

/** The statuses the double answered GET /repos/{owner}/{repo}/pulls of a sync with, in order. */
const pullProbes = (name: string) =>
  double.requests
    .filter((seen) => seen.method === 'GET' && seen.url.startsWith(`/repos/acme/${name}/pulls?`))
    .map((seen) => seen.status);

async function syncNow(who: User, projectId: string) {
  const response = await post(`/api/projects/${projectId}/pull-requests/sync`, who);
  expect(response.statusCode).toBe(202);
  await settled();
}

describe('GET /api/cache/status', () => {
  it('says what each cache holds and how often it answered in this process', async () => {
    const ayse = await user(AYSE);
    // The tables are emptied before each test, the process's memory is not: count from here.
    const baseline = await status(ayse);
    const { local } = await ownerWithEntries(ayse);
    const before = await status(ayse);

    const answers = before.analysisAnswers;
    const lists = before.projectLists;
    if (embedded) {
      expect(figures(answers)).toMatchObject({
        store: 'memory',
        entries: figures(baseline.analysisAnswers).entries + 1,
      });
      expect(figures(answers).bytes).toBeGreaterThan(figures(baseline.analysisAnswers).bytes);
      expect(figures(lists)).toMatchObject({
        store: 'memory',
        entries: figures(baseline.projectLists).entries + 1,
      });
    } else {
      // With DATABASE_URL these caches are not made: said so, never as zeros.
      expect(answers).toEqual({ available: false, reason: 'embedded-only' });
      expect(lists).toEqual({ available: false, reason: 'embedded-only' });
    }
    const stored = await ctx.database.db.select().from(httpCache);
    expect(stored.length).toBeGreaterThan(0);
    expect(figures(before.githubResponses)).toMatchObject({
      store: 'database',
      entries: stored.length,
      oldestEntry: new Date(Math.min(...stored.map((row) => row.storedAt.getTime()))).toISOString(),
    });
    expect(figures(before.githubResponses).bytes).toBeGreaterThan(0);
    const analytics = figures(before.analytics);
    expect(analytics).toMatchObject({ store: 'database', entries: 2 });
    expect(analytics.bytes).toBeGreaterThan(0);
    expect(analytics.oldestEntry).not.toBeNull();

    // Reading again is a hit where a cache holds the answer.
    await get(`/api/projects/${local.id}/analytics`, ayse);
    await get(`/api/projects/${local.id}/structure-analysis`, ayse);
    await get('/api/projects', ayse);
    const after = await status(ayse);
    const { hits, misses, hitRate } = figures(after.analytics);
    expect(hits).toBe(analytics.hits + 1);
    expect(misses).toBe(analytics.misses);
    expect(hitRate).toBeCloseTo(hits / (hits + misses));
    if (embedded) {
      expect(figures(after.analysisAnswers).hits).toBe(figures(answers).hits + 1);
      expect(figures(after.projectLists).hits).toBe(figures(lists).hits + 1);
    }
  });

  it('answers every signed-in user, and nobody else', async () => {
    await user();
    const someone = await user();
    expect((await get('/api/cache/status', someone)).statusCode).toBe(200);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/cache/status' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/cache/clear', () => {
  it('empties every cache for an administrator; the next reads compute again and no user data goes', async () => {
    // The first registered user is the administrator.
    const ayse = await user(AYSE);
    const { local, github } = await ownerWithEntries(ayse);
    await syncNow(ayse, github.id);
    expect(pullProbes('api').at(-1)).toBe(304); // answered from the stored ETag
    // The sync's job rows made the analysis answer go (any job write does): read it back in.
    expect((await get(`/api/projects/${local.id}/structure-analysis`, ayse)).statusCode).toBe(200);
    const held = await status(ayse);
    const data = await userData();
    const analyticsAnswer = (await get(`/api/projects/${github.id}/analytics`, ayse)).json().data;

    const response = await post('/api/cache/clear', ayse);
    expect(response.statusCode).toBe(200);
    const cleared = (response.json().data as CacheCleared).caches;
    expect(cleared.githubResponses).toEqual({
      available: true,
      removed: figures(held.githubResponses).entries,
    });
    expect(cleared.analytics).toEqual({ available: true, removed: 2 });
    if (embedded) {
      expect(figures(held.analysisAnswers).entries).toBeGreaterThan(0);
      expect(cleared.analysisAnswers).toEqual({
        available: true,
        removed: figures(held.analysisAnswers).entries,
      });
      expect(figures(held.projectLists).entries).toBeGreaterThan(0);
      expect(cleared.projectLists).toEqual({
        available: true,
        removed: figures(held.projectLists).entries,
      });
    } else {
      expect(cleared.analysisAnswers).toEqual({ available: false, reason: 'embedded-only' });
    }
    const empty = await status(ayse);
    for (const state of Object.values(empty))
      if (state.available) expect(state).toMatchObject({ entries: 0, oldestEntry: null });
    expect(await userData()).toEqual(data);

    // The next reads compute again, with the same answers.
    const misses = figures(empty.analytics).misses;
    const again = await get(`/api/projects/${github.id}/analytics`, ayse);
    expect(again.json().data).toEqual(analyticsAnswer);
    expect(figures((await status(ayse)).analytics)).toMatchObject({
      entries: 1,
      misses: misses + 1,
    });
    expect((await get(`/api/projects/${local.id}/structure-analysis`, ayse)).statusCode).toBe(200);
    expect((await get('/api/projects', ayse)).json().data).toHaveLength(2);
    // GitHub is asked without an ETag: a full answer, stored again.
    await syncNow(ayse, github.id);
    expect(pullProbes('api').at(-1)).toBe(200);
    expect(figures((await status(ayse)).githubResponses).entries).toBeGreaterThan(0);
  });

  it('is refused to users who are not administrators (403) and to nobody signed in (401)', async () => {
    const admin = await user(AYSE);
    const bora = await user(BORA);
    const { github } = await ownerWithEntries(bora);
    const before = await status(bora);

    const refused = await post('/api/cache/clear', bora);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'FORBIDDEN' });
    expect((await post('/api/cache/clear')).statusCode).toBe(401);
    const after = await status(bora);
    expect(figures(after.analytics).entries).toBe(figures(before.analytics).entries);
    expect(figures(after.githubResponses).entries).toBe(figures(before.githubResponses).entries);

    // The administrator may clear what others' reads put there.
    expect((await post('/api/cache/clear', admin)).statusCode).toBe(200);
    expect(figures((await status(bora)).analytics).entries).toBe(0);
    expect((await get(`/api/projects/${github.id}/analytics`, bora)).statusCode).toBe(200);
  });
});

describe('POST /api/cache/clear/project/{id}', () => {
  it("forgets one project's entries for its owner and leaves the rest", async () => {
    const ayse = await user(AYSE);
    const { local, github } = await ownerWithEntries(ayse);
    const data = await userData();
    const storedFor = async (projectId: string) =>
      (await ctx.database.db.select().from(projectAnalytics)).filter(
        (row) => row.projectId === projectId,
      ).length;
    const apiAnswers = async () =>
      (await ctx.database.db.select().from(httpCache)).filter((row) =>
        row.key.includes('/repos/acme/api'),
      ).length;
    expect(await apiAnswers()).toBeGreaterThan(0);

    const first = await post(`/api/cache/clear/project/${local.id}`, ayse);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.caches).toMatchObject({
      analytics: { available: true, removed: 1 },
      // The fixture repository is no GitHub repository: nothing of GitHub's to forget.
      githubResponses: { available: true, removed: 0 },
      ...(embedded
        ? {
            analysisAnswers: { available: true, removed: 1 },
            projectLists: { available: true, removed: 1 },
          }
        : {}),
    });
    expect(await storedFor(local.id)).toBe(0);
    expect(await storedFor(github.id)).toBe(1);
    expect(await apiAnswers()).toBeGreaterThan(0);

    const answers = await apiAnswers();
    const second = await post(`/api/cache/clear/project/${github.id}`, ayse);
    expect(second.json().data.caches).toMatchObject({
      analytics: { available: true, removed: 1 },
      githubResponses: { available: true, removed: answers },
    });
    expect(await apiAnswers()).toBe(0);
    expect(await userData()).toEqual(data);
  });

  it('is the same 404 as a missing project to anyone but the owner, and touches nothing', async () => {
    const ayse = await user(AYSE);
    const bora = await user(BORA);
    const { github } = await ownerWithEntries(ayse);
    const before = await status(ayse);

    const stranger = await post(`/api/cache/clear/project/${github.id}`, bora);
    const missing = await post(`/api/cache/clear/project/${randomUUID()}`, bora);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toEqual({
      ...missing.json().error,
      requestId: expect.any(String),
    });
    expect((await post(`/api/cache/clear/project/${github.id}`)).statusCode).toBe(401);
    const after = await status(ayse);
    expect(figures(after.analytics).entries).toBe(figures(before.analytics).entries);
    expect(figures(after.githubResponses).entries).toBe(figures(before.githubResponses).entries);
  });
});

describe('POST /api/cache/clear/repo/{owner}/{repo}', () => {
  it("forgets a GitHub repository's entries for owners of a project holding it, and only its", async () => {
    const ayse = await user(AYSE);
    const { github } = await ownerWithEntries(ayse);
    const other = await createProject(ctx.app, ayse.token, {
      name: 'Web',
      repos: [{ url: 'https://github.com/acme/web' }],
    });
    await settled();
    const data = await userData();
    const answersOf = async (name: string) =>
      (await ctx.database.db.select().from(httpCache)).filter((row) =>
        row.key.toLowerCase().includes(`/repos/acme/${name}`),
      ).length;
    const apiAnswers = await answersOf('api');
    expect(apiAnswers).toBeGreaterThan(0);
    expect(await answersOf('web')).toBeGreaterThan(0);
    await get(`/api/projects/${other.id}/analytics`, ayse);

    // GitHub compares names without case; so does the call.
    const response = await post('/api/cache/clear/repo/ACME/Api', ayse);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.caches).toMatchObject({
      githubResponses: { available: true, removed: apiAnswers },
      analytics: { available: true, removed: 1 },
    });
    expect(await answersOf('api')).toBe(0);
    expect(await answersOf('web')).toBeGreaterThan(0);
    const stored = (await ctx.database.db.select().from(projectAnalytics)).map(
      (row) => row.projectId,
    );
    expect(stored).not.toContain(github.id);
    expect(stored).toContain(other.id);
    expect(await userData()).toEqual(data);

    // The next sync asks GitHub afresh.
    await syncNow(ayse, github.id);
    expect(pullProbes('api').at(-1)).toBe(200);
  });

  it('is a 404 to users without a project holding it, a 200 to every owner of one', async () => {
    const ayse = await user(AYSE);
    const bora = await user(BORA);
    const cem = await user();
    await ownerWithEntries(ayse);
    await createProject(ctx.app, bora.token, { repos: [{ url: 'https://github.com/acme/api' }] });
    await settled();

    const stranger = await post('/api/cache/clear/repo/acme/api', cem);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Repository not found in your projects',
    });
    // The same answer as for a repository nobody has.
    const nobody = await post('/api/cache/clear/repo/acme/nothing', cem);
    expect(nobody.json().error.message).toBe(stranger.json().error.message);
    expect((await post('/api/cache/clear/repo/acme/api')).statusCode).toBe(401);
    expect((await post('/api/cache/clear/repo/-bad-/api', ayse)).statusCode).toBe(400);

    expect((await post('/api/cache/clear/repo/acme/api', bora)).statusCode).toBe(200);
    expect((await post('/api/cache/clear/repo/acme/api', ayse)).statusCode).toBe(200);
  });
});
