import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ReviewMessages,
  type ReviewDetail,
  type ReviewList,
  type ReviewRecord,
} from '@rota/contracts';
import { projectRepos, reviews } from '../../db/schema/index.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import {
  startGitHubDouble,
  type DoubleRepository,
  type GitHubDouble,
} from '../../testing/github-double/index.js';
import { headShaOf } from '../../testing/github-double/rest-repo-activity.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import { PULL_REQUEST_SYNC_JOB } from '../pull-requests/index.js';
import {
  added,
  cleanPull,
  FAKE_GITHUB_TOKEN,
  jobsSettled,
  leakyPull,
  reviewsSettled,
} from '../../testing/review-fixtures.js';

/**
 * Rota's reviews end to end: projects created through the API, reviews asked for by hand or by a
 * webhook event, run by the real queue against the GitHub double, read back through the API.
 */
const AYSE = 'gho_ayse_reviews';
const BORA = 'gho_bora_reviews';
let double: GitHubDouble;
const api: DoubleRepository = { owner: 'acme', name: 'api' };
const secret: DoubleRepository = { owner: 'ayse', name: 'secret', private: true };
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
  api.activity = {
    pulls: [
      leakyPull(1),
      cleanPull(2),
      { ...cleanPull(3), draft: true },
      { ...cleanPull(4), author: 'renovate[bot]', authorIsBot: true },
      { ...cleanPull(5), state: 'closed', closedAt: '2026-01-02T00:00:00Z' },
      {
        ...cleanPull(6),
        files: Array.from({ length: 130 }, (_, index) =>
          added(`src/generated-${index}.ts`, [`export const value${index} = ${index};`]),
        ),
      },
    ],
  };
});

async function user(token: string) {
  const { user, token: rota } = await registerUser(context.app);
  tokens.set(user.id, token);
  return { id: user.id, headers: bearer(rota), rota };
}

async function ownerOfApi(token = AYSE) {
  const owner = await user(token);
  const project = await createProject(context.app, owner.rota, {
    repos: [{ url: 'https://github.com/acme/api', branch: 'main' }],
  });
  return { ...owner, project };
}

const ask = (number: number | string, headers: Record<string, string>, repo = 'acme/api') =>
  context.app.inject({ method: 'POST', url: `/api/webhook/review/${repo}/${number}`, headers });

const detail = async (id: string, headers: Record<string, string>) => {
  const response = await context.app.inject({ method: 'GET', url: `/api/reviews/${id}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json().data as ReviewDetail;
};

async function reviewed(number: number, headers: Record<string, string>, repo = 'acme/api') {
  const response = await ask(number, headers, repo);
  expect(response.statusCode).toBe(202);
  const pending = response.json().data as ReviewRecord;
  expect(pending).toMatchObject({ status: 'pending', outcome: null, trigger: 'manual' });
  await reviewsSettled(context);
  return detail(pending.id, headers);
}

describe('a review', () => {
  it('requests changes for a committed token, with the finding on its line, redacted', async () => {
    const ayse = await ownerOfApi();
    const review = await reviewed(1, ayse.headers);
    expect(review).toMatchObject({
      status: 'changes_requested',
      outcome: 'reviewed',
      engine: 'rules',
      head_sha: headShaOf('acme/api', api.activity!.pulls![0]!),
      requested_by: ayse.id,
    });
    const secret = review.findings.find((finding) => finding.rule === 'secret.provider-token');
    expect(secret).toMatchObject({
      file: 'src/cart/github-client.ts',
      line: 2,
      severity: 'critical',
    });
    expect(JSON.stringify(review)).not.toContain(FAKE_GITHUB_TOKEN);
    expect(review.reason).toContain('blocking finding');
    expect(review.coverage).toEqual({ filesReviewed: 3, filesSkipped: [] });
  });

  it('approves a clean, tested, described change', async () => {
    const ayse = await ownerOfApi();
    const review = await reviewed(2, ayse.headers);
    expect(review).toMatchObject({ status: 'approved', outcome: 'reviewed', findings: [] });
    expect(review.finished_at).not.toBeNull();
  });

  it.each([
    [3, 'draft'],
    [4, 'bot'],
    [5, 'closed'],
  ])('skips pull request %i (%s) and records why', async (number, reason) => {
    const ayse = await ownerOfApi();
    const review = await reviewed(number, ayse.headers);
    expect(review).toMatchObject({ outcome: 'skipped', skipped_reason: reason, findings: [] });
    expect(review.status).not.toBe('approved');
    // Skipping reads the pull request only, never its files.
    expect(double.requests.some((seen) => seen.url.includes(`/pulls/${number}/files`))).toBe(false);
  });

  it('reads every page of files past 100', async () => {
    const ayse = await ownerOfApi();
    const review = await reviewed(6, ayse.headers);
    expect(review.coverage?.filesReviewed).toBe(130);
    const pages = double.requests.filter((seen) => seen.url.includes('/pulls/6/files'));
    expect(pages.map((seen) => new URL(seen.url, 'http://x').searchParams.get('page'))).toEqual([
      '1',
      '2',
    ]);
  });

  it('says so when GitHub stops listing files at 3,000: never approved, the rest counted', async () => {
    api.activity!.pulls!.push({
      ...cleanPull(7),
      files: Array.from({ length: 3_005 }, (_, index) =>
        added(`src/part-${index}.ts`, [`export const part${index} = ${index};`]),
      ),
    });
    const ayse = await ownerOfApi();
    const review = await reviewed(7, ayse.headers);
    expect(review.coverage).toMatchObject({ filesReviewed: 3_000, filesNotListed: 5 });
    expect(review.status).toBe('commented');
    expect(review.reason).toBe(
      'Review incomplete: GitHub lists only the first 3,000 files; 5 more were not reviewed',
    );
    expect(double.requests.filter((seen) => seen.url.includes('/pulls/7/files'))).toHaveLength(30);
  });

  it('is done once per head: asking again answers 200 with the same review and no new work', async () => {
    const ayse = await ownerOfApi();
    const first = await reviewed(2, ayse.headers);
    const filesCalls = () =>
      double.requests.filter((seen) => seen.url.includes('/pulls/2/files')).length;
    const before = filesCalls();
    const again = await ask(2, ayse.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: first.id, status: 'approved' });
    await reviewsSettled(context);
    expect(filesCalls()).toBe(before);
    expect(await context.database.db.select().from(reviews)).toHaveLength(1);
  });

  it("stores GitHub's refusal as a failed review: a pull request gone, a rate limit", async () => {
    const cem = await ownerOfApi('gho_cem_reviews');
    double.limits.addToken('gho_cem_reviews', { login: 'cem', id: 9 });
    const event = (number: number, sha: string) =>
      context.events.emit('pull_request.opened', {
        repository: { forge: 'github', host: 'github.com', owner: 'acme', repo: 'api' },
        deliveryId: `delivery-${number}`,
        action: 'opened',
        number,
        pullRequest: { head: { sha }, base: { repo: { private: false } } },
      });
    await event(77, 'a'.repeat(40));
    await reviewsSettled(context);
    double.limits.exhaust('gho_cem_reviews', 'core');
    await event(2, headShaOf('acme/api', api.activity!.pulls![1]!));
    await reviewsSettled(context);
    const list = await context.app.inject({
      method: 'GET',
      url: `/api/projects/${cem.project.id}/reviews`,
      headers: cem.headers,
    });
    const byNumber = new Map(
      (list.json().data as ReviewList).reviews.map((review) => [
        review.pull_request_number,
        review,
      ]),
    );
    expect(byNumber.get(77)).toMatchObject({
      outcome: 'failed',
      status: 'commented',
      error: { code: 'GITHUB_NOT_FOUND' },
    });
    expect(byNumber.get(2)).toMatchObject({
      outcome: 'failed',
      status: 'commented',
      error: { code: 'GITHUB_RATE_LIMITED' },
    });
    expect(byNumber.get(2)!.reason).toContain("GitHub's rate limit");
  });
});

describe('triggers', () => {
  it('a synchronize event reviews the new head once, for the repository across projects', async () => {
    const ayse = await ownerOfApi();
    // Another owner with the same repository: still one review.
    await ownerOfApi(BORA);
    const pull = api.activity!.pulls![0]!;
    const emit = () =>
      context.events.emit('pull_request.synchronize', {
        repository: { forge: 'github', host: 'github.com', owner: 'Acme', repo: 'API' },
        deliveryId: 'delivery-sync',
        action: 'synchronize',
        number: 1,
        pullRequest: {
          head: { sha: headShaOf('acme/api', pull) },
          base: { repo: { private: false } },
        },
      });
    await emit();
    await emit();
    await reviewsSettled(context);
    const rows = await context.database.db.select().from(reviews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      trigger: 'webhook',
      status: 'changes_requested',
      readerId: ayse.id,
    });
  });

  it('is read with the credentials of the owner whose project installed the webhook', async () => {
    await ownerOfApi();
    // A newer project's owner installed the hook (that took admin rights): they read the review.
    const bora = await ownerOfApi(BORA);
    await context.database.db
      .update(projectRepos)
      .set({ webhookInstalled: true })
      .where(eq(projectRepos.projectId, bora.project.id));
    const pull = api.activity!.pulls![1]!;
    await context.events.emit('pull_request.opened', {
      repository: { forge: 'github', host: 'github.com', owner: 'acme', repo: 'api' },
      deliveryId: 'delivery-opened',
      action: 'opened',
      number: 2,
      pullRequest: {
        head: { sha: headShaOf('acme/api', pull) },
        base: { repo: { private: false } },
      },
    });
    await reviewsSettled(context);
    const rows = await context.database.db.select().from(reviews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ trigger: 'webhook', readerId: bora.id });
  });

  it('an event without a head sha in its payload asks GitHub for it; closed is no trigger', async () => {
    await ownerOfApi();
    const repository = { forge: 'github' as const, host: 'github.com', owner: 'acme', repo: 'api' };
    await context.events.emit('pull_request.closed', {
      repository,
      deliveryId: 'd-closed',
      action: 'closed',
      number: 2,
      pullRequest: {},
    });
    expect(await context.database.db.select().from(reviews)).toHaveLength(0);
    await context.events.emit('pull_request.ready_for_review', {
      repository,
      deliveryId: 'd-ready',
      action: 'ready_for_review',
      number: 2,
      pullRequest: {},
    });
    await reviewsSettled(context);
    const [row] = await context.database.db.select().from(reviews);
    expect(row).toMatchObject({
      headSha: headShaOf('acme/api', api.activity!.pulls![1]!),
      scope: '',
    });
  });

  it('manual: 404 for a repository none of your projects has or a pull request GitHub does not show, 401 without a session, 400 for a bad number', async () => {
    const ayse = await ownerOfApi();
    const bora = await user(BORA);
    const notFound = {
      success: false,
      error: { code: 'NOT_FOUND', message: ReviewMessages.pullRequestNotFound },
    };
    expect((await ask(2, bora.headers)).json()).toMatchObject(notFound);
    expect((await ask(2, bora.headers)).statusCode).toBe(404);
    expect((await ask(404, ayse.headers)).json()).toMatchObject(notFound);
    expect((await ask(2, ayse.headers, 'acme/other')).statusCode).toBe(404);
    expect((await ask(2, {})).statusCode).toBe(401);
    for (const bad of ['0', '-1', 'two', '1.5', '99999999999'])
      expect((await ask(bad, ayse.headers)).statusCode, bad).toBe(400);
    expect(await context.database.db.select().from(reviews)).toHaveLength(0);
  });
});

describe('reading reviews', () => {
  it('lists a project’s reviews newest first with stats, and a repository’s; others get 404', async () => {
    const ayse = await ownerOfApi();
    await reviewed(1, ayse.headers);
    await reviewed(2, ayse.headers);
    await reviewed(3, ayse.headers);
    // Pull requests 1 (changes requested) and 2 (approved) merge at the heads Rota reviewed.
    for (const pull of api.activity!.pulls!.slice(0, 2)) {
      pull.state = 'merged';
      pull.mergedAt = '2026-01-03T00:00:00Z';
      pull.updatedAt = '2026-01-03T00:00:00Z';
    }
    const sync = await context.app.inject({
      method: 'POST',
      url: `/api/projects/${ayse.project.id}/pull-requests/sync`,
      headers: ayse.headers,
    });
    expect(sync.statusCode).toBe(202);
    await jobsSettled(context, PULL_REQUEST_SYNC_JOB);
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/projects/${ayse.project.id}/reviews`,
      headers: ayse.headers,
    });
    expect(response.statusCode).toBe(200);
    const list = response.json().data as ReviewList;
    expect(list.reviews.map((review) => review.pull_request_number)).toEqual([3, 2, 1]);
    expect(list.stats).toMatchObject({
      by_status: { pending: 0, approved: 1, changes_requested: 1, commented: 0 },
      total: 3,
      skipped: 1,
      failed: 0,
      superseded: 0,
      compliance_rate: 0.5,
    });
    expect(list.stats.avg_time_to_review_seconds).toBeGreaterThanOrEqual(0);
    const byRepo = await context.app.inject({
      method: 'GET',
      url: '/api/repos/reviews/Acme/API',
      headers: ayse.headers,
    });
    expect((byRepo.json().data as ReviewList).reviews).toHaveLength(3);

    const bora = await user(BORA);
    for (const url of [
      `/api/projects/${ayse.project.id}/reviews`,
      '/api/repos/reviews/acme/api',
      `/api/reviews/${list.reviews[0]!.id}`,
    ]) {
      const refused = await context.app.inject({ method: 'GET', url, headers: bora.headers });
      expect(refused.statusCode, url).toBe(404);
    }
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const missing = await context.app.inject({
        method: 'GET',
        url: `/api/reviews/${id}`,
        headers: ayse.headers,
      });
      expect(missing.json()).toMatchObject({ error: { message: ReviewMessages.notFound } });
    }
  });

  it("a private repository's review is kept for the user who read it", async () => {
    secret.activity = { pulls: [cleanPull(1)] };
    const ayse = await user(AYSE);
    const url = 'https://github.com/ayse/secret';
    await createProject(context.app, ayse.rota, { repos: [{ url, branch: 'main' }] });
    const review = await reviewed(1, ayse.headers, 'ayse/secret');
    expect(review).toMatchObject({ status: 'approved', repository: 'ayse/secret' });
    const [row] = await context.database.db.select().from(reviews);
    expect(row!.scope).toBe(ayse.id);
    // Bora has the same URL in a project but cannot see the repository on GitHub.
    const bora = await user(BORA);
    await createProject(context.app, bora.rota, { repos: [{ url, branch: 'main' }] });
    const list = await context.app.inject({
      method: 'GET',
      url: '/api/repos/reviews/ayse/secret',
      headers: bora.headers,
    });
    expect((list.json().data as ReviewList).reviews).toEqual([]);
    const read = await context.app.inject({
      method: 'GET',
      url: `/api/reviews/${review.id}`,
      headers: bora.headers,
    });
    expect(read.statusCode).toBe(404);
    expect((await ask(1, bora.headers, 'ayse/secret')).statusCode).toBe(404);
  });

  it('an empty project has empty stats, compliance and time null', async () => {
    const ayse = await ownerOfApi();
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/projects/${ayse.project.id}/reviews`,
      headers: ayse.headers,
    });
    expect(response.json().data).toEqual({
      reviews: [],
      stats: {
        by_status: { pending: 0, approved: 0, changes_requested: 0, commented: 0 },
        total: 0,
        skipped: 0,
        failed: 0,
        superseded: 0,
        compliance_rate: null,
        avg_time_to_review_seconds: null,
      },
    });
    expect(await context.database.db.select().from(reviews).where(eq(reviews.number, 1))).toEqual(
      [],
    );
  });
});
