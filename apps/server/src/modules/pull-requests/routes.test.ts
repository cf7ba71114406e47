import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PullRequestMessages, type PullRequestList } from '@rota/contracts';
import { jobs, projectRepos } from '../../db/schema/index.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import {
  startGitHubDouble,
  type DoublePull,
  type DoubleRepository,
  type GitHubDouble,
} from '../../testing/github-double/index.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import { PULL_REQUEST_SYNC_JOB } from './sync-job.js';

/**
 * `GET /api/projects/{id}/pull-requests` and "sync now", end to end: projects are created through
 * the API, the sync jobs they queue run on the real queue against the GitHub double, and the list
 * is read back through the API.
 */
const AYSE = 'gho_ayse';
const BORA = 'gho_bora';
const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * HOUR).toISOString();

function seeded(): DoublePull[] {
  return [
    {
      number: 1,
      title: 'Add login page',
      author: 'bora',
      head: 'login',
      createdAt: at(0),
      updatedAt: at(10),
      state: 'merged',
      mergedAt: at(10),
      additions: 120,
      deletions: 4,
      changedFiles: 3,
      reviews: [
        { author: 'cem', state: 'CHANGES_REQUESTED', submittedAt: at(2) },
        { author: 'cem', state: 'APPROVED', submittedAt: at(5) },
        { author: 'cem', state: 'COMMENTED', submittedAt: at(6) },
        { author: 'bora', state: 'COMMENTED', submittedAt: at(7) },
      ],
    },
    {
      number: 2,
      title: 'Fix 100% CPU in poller',
      author: 'cem',
      head: 'poller',
      createdAt: at(1),
      updatedAt: at(20),
      state: 'closed',
      closedAt: at(3),
    },
    {
      number: 3,
      title: 'Bump lodash',
      author: 'dependabot[bot]',
      authorIsBot: true,
      head: 'deps',
      createdAt: at(30),
      updatedAt: at(31),
      reviewRequests: ['ayse'],
      comments: 2,
    },
    {
      number: 4,
      title: 'Draft: new dashboard',
      author: 'bora',
      head: 'dash',
      draft: true,
      createdAt: at(40),
      updatedAt: at(41),
      reviews: [
        { author: 'cem', state: 'APPROVED', submittedAt: at(40) },
        { author: 'deniz', state: 'CHANGES_REQUESTED', submittedAt: at(41) },
      ],
      reviewRequests: ['ayse'],
    },
  ];
}

const api: DoubleRepository = { owner: 'acme', name: 'api' };
const secret: DoubleRepository = { owner: 'ayse', name: 'secret', private: true };
let double: GitHubDouble;
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { [AYSE]: { login: 'ayse', id: 7 }, [BORA]: { login: 'bora', id: 8 } },
    repositories: [api, secret],
  });
});
afterAll(async () => double?.close());

const tokens = new Map<string, string>();
const context = useTestApp({
  config: {
    allowPrivateHosts: true,
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: undefined };
    },
  },
  deps: () => ({ githubUserToken: async (userId: string) => tokens.get(userId) ?? null }),
});

beforeEach(() => {
  api.activity = { pulls: seeded() };
  secret.activity = {
    pulls: [{ number: 9, title: 'Secret plan', author: 'ayse', head: 'x', createdAt: at(1) }],
  };
});

async function user(token: string) {
  const { user, token: rota } = await registerUser(context.app);
  tokens.set(user.id, token);
  return { id: user.id, headers: bearer(rota), rota };
}

/** Waits until no pull-request sync is queued or running (the real queue runs them). */
async function syncsSettled() {
  for (let round = 0; round < 200; round += 1) {
    const live = await context.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(eq(jobs.kind, PULL_REQUEST_SYNC_JOB), inArray(jobs.status, ['queued', 'running'])),
      );
    if (live.length === 0) return;
    await Promise.all(live.map((job) => context.queue.waitFor(job.id, 5_000)));
  }
  throw new Error('pull request syncs did not settle');
}

async function list(projectId: string, headers: Record<string, string>, query = '') {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/pull-requests${query}`,
    headers,
  });
  return { status: response.statusCode, body: response.json() };
}

const data = (answer: { body: { data: PullRequestList } }) => answer.body.data;
const numbers = (answer: { body: { data: PullRequestList } }) =>
  data(answer).pullRequests.map((pull) => pull.number);

describe('GET /api/projects/{id}/pull-requests', () => {
  it('creating a project syncs its GitHub repositories; the list serves them from the store', async () => {
    const ayse = await user(AYSE);
    const project = await createProject(context.app, ayse.rota, {
      repos: [
        { url: 'https://github.com/acme/api', branch: 'main' },
        { url: 'https://gitlab.com/acme/tools', branch: 'main' },
      ],
    });
    await syncsSettled();
    const answer = await list(project.id, ayse.headers);
    expect(answer.status).toBe(200);
    // Default state is open; newest activity first.
    expect(numbers(answer)).toEqual([4, 3]);
    const [draft, bump] = data(answer).pullRequests;
    expect(draft).toMatchObject({
      title: 'Draft: new dashboard',
      state: 'open',
      draft: true,
      user: { login: 'bora', is_bot: false },
      repository: { full_name: 'acme/api', name: 'api' },
      review_state: 'changes_requested',
      reviewers: [
        { login: 'cem', state: 'approved' },
        { login: 'deniz', state: 'changes_requested' },
        { login: 'ayse', state: 'requested' },
      ],
      url: `${double.webUrl}/acme/api/pull/4`,
    });
    expect(bump).toMatchObject({
      user: { login: 'dependabot[bot]', is_bot: true },
      review_state: 'review_required',
      comments: 2,
    });
    expect(draft!.age_seconds).toBeGreaterThan(0);
    expect(data(answer)).toMatchObject({ total: 2, page: 1, per_page: 30 });
    expect(data(answer).repositories).toEqual([
      expect.objectContaining({
        full_name: 'acme/api',
        status: 'synced',
        stored: 4,
        kept_current_by: 'none',
        error: null,
      }),
      expect.objectContaining({ full_name: 'acme/tools', status: 'unsupported', stored: 0 }),
    ]);
  });

  it('says a repository with a webhook is kept current by it', async () => {
    const ayse = await user(AYSE);
    const project = await createProject(context.app, ayse.rota, {
      repos: [{ url: 'https://github.com/acme/api', branch: 'main' }],
    });
    await context.database.db
      .update(projectRepos)
      .set({ webhookInstalled: true })
      .where(eq(projectRepos.projectId, project.id));
    const answer = await list(project.id, ayse.headers);
    expect(data(answer).repositories[0]).toMatchObject({ kept_current_by: 'webhook' });
  });

  it('filters by state, searches title, number and author, and pages', async () => {
    const ayse = await user(AYSE);
    const project = await createProject(context.app, ayse.rota, {
      repos: [{ url: 'https://github.com/acme/api', branch: 'main' }],
    });
    await syncsSettled();
    const merged = await list(project.id, ayse.headers, '?state=merged');
    expect(numbers(merged)).toEqual([1]);
    // Merged after 10 hours: age stops at the merge.
    expect(data(merged).pullRequests[0]).toMatchObject({
      age_seconds: 36_000,
      additions: 120,
      deletions: 4,
      changed_files: 3,
      // The author's own comment does not count; a later comment does not undo an approval.
      review_state: 'approved',
      reviewers: [{ login: 'cem', state: 'approved' }],
    });
    expect(numbers(await list(project.id, ayse.headers, '?state=closed'))).toEqual([2]);
    expect(numbers(await list(project.id, ayse.headers, '?state=all'))).toEqual([4, 3, 2, 1]);
    const search = (text: string) =>
      list(project.id, ayse.headers, `?state=all&search=${encodeURIComponent(text)}`).then(numbers);
    expect(await search('LOGIN')).toEqual([1]);
    expect(await search('100%')).toEqual([2]);
    expect(await search('%')).toEqual([2]);
    expect(await search('3')).toEqual([3]);
    expect(await search('#4')).toEqual([4]);
    expect(await search('dependabot')).toEqual([3]);
    expect(await search('nothing like it')).toEqual([]);
    const second = await list(project.id, ayse.headers, '?state=all&per_page=3&page=2');
    expect(numbers(second)).toEqual([1]);
    expect(data(second)).toMatchObject({ total: 4, page: 2, per_page: 3 });
  });

  it.each([
    ['?state=draft', PullRequestMessages.invalidState],
    ['?page=0', PullRequestMessages.invalidPage],
    ['?page=abc', PullRequestMessages.invalidPage],
    ['?per_page=101', PullRequestMessages.invalidPerPage],
    ['?per_page=2.5', PullRequestMessages.invalidPerPage],
    [`?search=${'x'.repeat(201)}`, PullRequestMessages.searchTooLong],
  ])('%s is a 400 with the contract message', async (query, message) => {
    const ayse = await user(AYSE);
    const project = await createProject(context.app, ayse.rota);
    const answer = await list(project.id, ayse.headers, query);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      error: { code: 'VALIDATION_ERROR', message },
    });
  });

  it("someone else's project, a missing one and a malformed id are the same 404", async () => {
    const ayse = await user(AYSE);
    const bora = await user(BORA);
    const project = await createProject(context.app, ayse.rota);
    for (const id of [project.id, '8d8ac610-566d-4ef0-9c22-186b2a5ed793', 'not-a-uuid']) {
      const answer = await list(id, bora.headers);
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe('Project not found');
    }
    const sync = await context.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/pull-requests/sync`,
      headers: bora.headers,
    });
    expect(sync.statusCode).toBe(404);
  });

  it("a private repository's pull requests are shown only to the user whose token read them", async () => {
    const ayse = await user(AYSE);
    const bora = await user(BORA);
    const repos = [{ url: 'https://github.com/ayse/secret', branch: 'main' }];
    const own = await createProject(context.app, ayse.rota, { repos });
    const other = await createProject(context.app, bora.rota, { repos });
    await syncsSettled();
    expect(numbers(await list(own.id, ayse.headers))).toEqual([9]);
    const seen = await list(other.id, bora.headers);
    expect(numbers(seen)).toEqual([]);
    expect(data(seen).repositories[0]).toMatchObject({
      status: 'failed',
      stored: 0,
      error: { code: 'GITHUB_NOT_FOUND' },
    });
  });
});

describe('POST /api/projects/{id}/pull-requests/sync', () => {
  it('answers 202 with one job per GitHub repository, which then runs', async () => {
    const ayse = await user(AYSE);
    const project = await createProject(context.app, ayse.rota, {
      repos: [{ url: 'https://github.com/acme/api', branch: 'main' }],
    });
    await syncsSettled();
    api.activity!.pulls!.push({
      number: 5,
      title: 'Opened after the first sync',
      author: 'cem',
      head: 'five',
      createdAt: at(50),
    });
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/pull-requests/sync`,
      headers: ayse.headers,
    });
    expect(response.statusCode).toBe(202);
    const accepted = response.json().data;
    expect(accepted).toMatchObject({
      projectId: project.id,
      jobs: [{ full_name: 'acme/api', job: { kind: PULL_REQUEST_SYNC_JOB } }],
    });
    await syncsSettled();
    expect(numbers(await list(project.id, ayse.headers))).toEqual([5, 4, 3]);
  });

  it('a project without GitHub repositories gets 202 and no jobs', async () => {
    const ayse = await user(AYSE);
    const project = await createProject(context.app, ayse.rota, {
      repos: [{ url: 'https://gitlab.com/acme/tools', branch: 'main' }],
    });
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/pull-requests/sync`,
      headers: ayse.headers,
    });
    expect(response.statusCode).toBe(202);
    expect(response.json().data).toEqual({ projectId: project.id, jobs: [] });
  });
});

describe('webhook events', () => {
  it('pull request and review events queue one sync of their repository, which stores the change', async () => {
    const ayse = await user(AYSE);
    const project = await createProject(context.app, ayse.rota, {
      repos: [{ url: 'https://github.com/acme/api', branch: 'main' }],
    });
    await syncsSettled();
    const pull = api.activity!.pulls!.find((candidate) => candidate.number === 3)!;
    pull.title = 'Bump lodash to 4.17.21';
    pull.updatedAt = at(60);
    const before = await context.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.kind, PULL_REQUEST_SYNC_JOB));
    // A burst (a push to the branch, then a review): one job.
    await context.events.emit('pull_request.synchronize', {
      repository: { forge: 'github', host: 'github.com', owner: 'Acme', repo: 'API' },
      deliveryId: 'delivery-1',
      action: 'synchronize',
      number: 3,
      pullRequest: {},
    });
    await context.events.emit('pull_request_review.submitted', {
      repository: { forge: 'github', host: 'github.com', owner: 'acme', repo: 'api' },
      deliveryId: 'delivery-2',
      number: 3,
      pullRequest: {},
      review: {},
    });
    // Another host's repository of the same name is not this project's.
    await context.events.emit('pull_request.opened', {
      repository: { forge: 'github', host: 'ghe.example.com', owner: 'acme', repo: 'api' },
      deliveryId: 'delivery-3',
      action: 'opened',
      number: 3,
      pullRequest: {},
    });
    const after = await context.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.kind, PULL_REQUEST_SYNC_JOB));
    expect(after.length).toBe(before.length + 1);
    await syncsSettled();
    const answer = await list(project.id, ayse.headers);
    expect(data(answer).pullRequests[0]).toMatchObject({
      number: 3,
      title: 'Bump lodash to 4.17.21',
    });
  });
});
