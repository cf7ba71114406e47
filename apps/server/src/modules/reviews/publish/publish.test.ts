import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ReviewDetail, ReviewRecord } from '@rota/contracts';
import { bearer, registerUser } from '../../../testing/auth-helpers.js';
import {
  startGitHubDouble,
  type DoublePull,
  type DoubleRepository,
  type GitHubDouble,
} from '../../../testing/github-double/index.js';
import { headShaOf } from '../../../testing/github-double/rest-repo-activity.js';
import { createProject } from '../../../testing/project-helpers.js';
import {
  cleanPull,
  jobsSettled,
  leakyPull,
  reviewsSettled,
} from '../../../testing/review-fixtures.js';
import { useTestApp } from '../../../testing/test-app.js';
import { enqueuePublishJob, REVIEW_PUBLISH_JOB } from './publish-job.js';

/**
 * Publishing reviews to GitHub end to end: a project with `publish_reviews`, a review asked for
 * through the API and run by the real queue, its publish job posting to the GitHub double, which
 * holds the posts to GitHub's rules (comment lines inside the diff, no approving your own work).
 */
const AYSE = 'gho_ayse_publish';
const BORA = 'gho_bora_publish';
let double: GitHubDouble;
const api: DoubleRepository = { owner: 'acme', name: 'api' };
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { [AYSE]: { login: 'ayse', id: 7 }, [BORA]: { login: 'bora', id: 8 } },
    repositories: [api],
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

/** The leaky change without a description: one finding inline, one about the whole pull request. */
const undescribedLeak = (number: number): DoublePull => ({ ...leakyPull(number), body: null });

beforeEach(() => {
  // ayse may push to acme/api (statuses need write access); bora, the authors' default, may not.
  api.collaborators = ['ayse'];
  api.statuses = [];
  api.activity = { pulls: [undescribedLeak(1), cleanPull(2)] };
});

async function owner(options: { publish: boolean; token?: string }) {
  const { user, token: rota } = await registerUser(context.app);
  tokens.set(user.id, options.token ?? AYSE);
  const project = await createProject(context.app, rota, {
    repos: [{ url: 'https://github.com/acme/api', branch: 'main' }],
    publish_reviews: options.publish,
  });
  return { id: user.id, headers: bearer(rota), project };
}

/** Asks for a review and waits for it and for its publishing. */
async function reviewed(number: number, headers: Record<string, string>) {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/webhook/review/acme/api/${number}`,
    headers,
  });
  expect(response.statusCode).toBe(202);
  const pending = response.json().data as ReviewRecord;
  await reviewsSettled(context);
  await jobsSettled(context, REVIEW_PUBLISH_JOB);
  return detail(pending.id, headers);
}

async function detail(id: string, headers: Record<string, string>) {
  const response = await context.app.inject({ method: 'GET', url: `/api/reviews/${id}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json().data as ReviewDetail;
}

const pull = (number: number) => api.activity!.pulls!.find((each) => each.number === number)!;
const statusesOf = (sha: string) => (api.statuses ?? []).filter((status) => status.sha === sha);

describe('publishing reviews to GitHub', () => {
  it('publishes nothing when the project has not asked for it (the default)', async () => {
    const ayse = await owner({ publish: false });
    expect(ayse.project.publish_reviews).toBe(false);
    const review = await reviewed(1, ayse.headers);
    expect(review.status).toBe('changes_requested');
    expect(review.published).toBeNull();
    expect(pull(1).postedReviews ?? []).toEqual([]);
    expect(api.statuses).toEqual([]);
  });

  it('requests changes with the in-diff finding inline, the rest in the body, and a failing status', async () => {
    const ayse = await owner({ publish: true });
    const review = await reviewed(1, ayse.headers);
    const sha = headShaOf('acme/api', pull(1));
    expect(review).toMatchObject({ status: 'changes_requested', outcome: 'reviewed' });
    const posted = pull(1).postedReviews ?? [];
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ login: 'ayse', state: 'CHANGES_REQUESTED', commitId: sha });
    // The token sits on line 2 of the added file: inline. "No description" has no line: the body.
    expect(posted[0]!.comments).toEqual([
      expect.objectContaining({ path: 'src/cart/github-client.ts', line: 2, side: 'RIGHT' }),
    ]);
    expect(posted[0]!.comments[0]!.body).toContain('critical');
    expect(posted[0]!.body).toContain('**Pull request**');
    expect(posted[0]!.body).toContain('No description');
    const link = `http://localhost:3000/projects/${ayse.project.id}?tab=reviews&review=${review.id}`;
    expect(posted[0]!.body).toContain(link);
    // Pending as the review started, then the verdict: one context, GitHub's states.
    expect(statusesOf(sha).map((status) => [status.context, status.state])).toEqual([
      ['rota/review', 'pending'],
      ['rota/review', 'failure'],
    ]);
    const final = statusesOf(sha).at(-1)!;
    expect(final.targetUrl).toBe(link);
    expect(final.description!.length).toBeLessThanOrEqual(140);
    expect(final.description).toContain('Rota requests changes');
    expect(review.published).toEqual({
      at: expect.any(String),
      github_review_id: posted[0]!.id,
      event: 'REQUEST_CHANGES',
      fallback: null,
      error: null,
    });
  });

  it('approves a clean re-review of a new head, so the earlier change request does not linger', async () => {
    const ayse = await owner({ publish: true });
    const first = await reviewed(1, ayse.headers);
    expect(first.published?.event).toBe('REQUEST_CHANGES');
    // The author removes the token and adds a description: a new head.
    Object.assign(pull(1), {
      ...cleanPull(1),
      headSha: 'b'.repeat(40),
      postedReviews: pull(1).postedReviews,
    });
    const second = await reviewed(1, ayse.headers);
    expect(second).toMatchObject({ status: 'approved', head_sha: 'b'.repeat(40) });
    expect(pull(1).postedReviews!.map((each) => [each.state, each.commitId])).toEqual([
      ['CHANGES_REQUESTED', headShaOf('acme/api', { ...pull(1), headSha: undefined })],
      ['APPROVED', 'b'.repeat(40)],
    ]);
    expect(pull(1).postedReviews![1]!.comments).toEqual([]);
    expect(statusesOf('b'.repeat(40)).at(-1)).toMatchObject({ state: 'success' });
    expect(second.published).toMatchObject({ event: 'APPROVE', fallback: null, error: null });
  });

  it("comments instead when GitHub refuses the verdict on the publisher's own pull request", async () => {
    pull(1).author = 'ayse';
    const ayse = await owner({ publish: true });
    const review = await reviewed(1, ayse.headers);
    expect(review.status).toBe('changes_requested');
    const posted = pull(1).postedReviews ?? [];
    expect(posted.map((each) => each.state)).toEqual(['COMMENTED']);
    expect(posted[0]!.body).toContain('Rota requests changes');
    expect(posted[0]!.body).toContain("does not let a pull request's author");
    expect(review.published).toMatchObject({
      event: 'COMMENT',
      fallback: 'own_pull_request',
      error: null,
    });
    // The commit status still says what the verdict is.
    expect(statusesOf(headShaOf('acme/api', pull(1))).at(-1)).toMatchObject({ state: 'failure' });
  });

  it('stores a failed publish on the review and leaves the verdict; a retry posts only what is missing', async () => {
    // bora may review the public repository (cem's pull request) but not set its commit statuses.
    pull(1).author = 'cem';
    const bora = await owner({ publish: true, token: BORA });
    const review = await reviewed(1, bora.headers);
    expect(review).toMatchObject({ status: 'changes_requested', outcome: 'reviewed' });
    expect(review.reason).toContain('blocking finding');
    expect(review.published).toMatchObject({
      at: null,
      event: 'REQUEST_CHANGES',
      error: { code: 'GITHUB_NOT_FOUND', message: expect.any(String) },
    });
    expect(pull(1).postedReviews).toHaveLength(1);
    // Given write access, the job runs again: the status goes up, the review is not posted twice.
    api.collaborators = ['bora'];
    await enqueuePublishJob(context.queue, review.id);
    await jobsSettled(context, REVIEW_PUBLISH_JOB);
    const again = await detail(review.id, bora.headers);
    expect(again.status).toBe('changes_requested');
    expect(again.published).toMatchObject({ at: expect.any(String), error: null });
    expect(again.published?.github_review_id).toBe(review.published?.github_review_id);
    expect(pull(1).postedReviews).toHaveLength(1);
    expect(statusesOf(headShaOf('acme/api', pull(1))).map((status) => status.state)).toEqual([
      'failure',
    ]);
  });

  it('never publishes the same review twice when its job runs again after success', async () => {
    const ayse = await owner({ publish: true });
    const review = await reviewed(2, ayse.headers);
    expect(review.published?.event).toBe('APPROVE');
    const statuses = api.statuses!.length;
    await enqueuePublishJob(context.queue, review.id);
    await jobsSettled(context, REVIEW_PUBLISH_JOB);
    expect(pull(2).postedReviews).toHaveLength(1);
    expect(api.statuses).toHaveLength(statuses);
    expect((await detail(review.id, ayse.headers)).published?.at).toBe(review.published?.at);
  });

  it('turns publishing on and off through the project update, which the project read shows', async () => {
    const ayse = await owner({ publish: false });
    const update = (payload: Record<string, unknown>) =>
      context.app.inject({
        method: 'PUT',
        url: `/api/projects/${ayse.project.id}`,
        headers: ayse.headers,
        payload,
      });
    const on = await update({ publish_reviews: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.publish_reviews).toBe(true);
    // Other edits leave it as it is.
    expect((await update({ name: 'Renamed' })).json().data.publish_reviews).toBe(true);
    const bad = await update({ publish_reviews: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.errors).toEqual([
      expect.objectContaining({ message: 'Publish reviews must be true or false' }),
    ]);
    expect((await update({ publish_reviews: false })).json().data.publish_reviews).toBe(false);
  });
});
