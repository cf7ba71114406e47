import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';

// No workers: jobs stay queued, so the tests control exactly how many are active (and nothing
// is ever cloned, which is why plain GitHub URLs are fine here).
const MAX_ACTIVE = 3;
const PER_HOUR = 4;
const ctx = useTestApp({
  config: {
    workers: 0,
    analysisWaitMs: 0,
    analysisQuota: { maxActivePerUser: MAX_ACTIVE, repoAnalyzePerHour: PER_HOUR },
  },
});

let repoSequence = 0;
const newRepoUrl = () => `https://github.com/quota-owner/repo-${(repoSequence += 1)}`;

function repoAnalyze(token: string, repoUrl: string, kinds: string[] = ['structure']) {
  return ctx.app.inject({
    method: 'POST',
    url: '/analyze/api/repo-analyze/analyze',
    headers: bearer(token),
    payload: { repoUrl, kinds },
  });
}

/** What the quota counts: the queued or running jobs the user waits on through a live handle. */
async function activeJobsOf(userId: string): Promise<number> {
  const result = await ctx.database.db.execute(
    sql`select count(distinct j.id)::int as count from job_handles h join jobs j on j.id = h.job_id
        where h.owner_id = ${userId} and h.cancelled_at is null and j.status in ('queued', 'running')`,
  );
  return Number((result as unknown as { rows: Array<{ count: number }> }).rows[0]!.count);
}

describe('per-user analysis quotas', () => {
  it('refuses analyses beyond the active limit with 429 and Retry-After, per user', async () => {
    const alice = await registerUser(ctx.app);
    for (let i = 0; i < MAX_ACTIVE; i += 1)
      expect((await repoAnalyze(alice.token, newRepoUrl())).statusCode).toBe(202);
    const refused = await repoAnalyze(alice.token, newRepoUrl());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('ACTIVE_ANALYSES_LIMIT');
    expect(refused.json().error.message).toContain(`${MAX_ACTIVE} analyses queued or running`);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await activeJobsOf(alice.user.id)).toBe(MAX_ACTIVE);
    // A call that needs more jobs than are left starts none of them.
    const bob = await registerUser(ctx.app);
    expect((await repoAnalyze(bob.token, newRepoUrl(), ['structure', 'readme'])).statusCode).toBe(
      202,
    );
    const tooMany = await repoAnalyze(bob.token, newRepoUrl(), ['structure', 'readme']);
    expect(tooMany.statusCode).toBe(429);
    expect(await activeJobsOf(bob.user.id)).toBe(2);
  });

  it('frees a place when a job is cancelled (or finishes)', async () => {
    const user = await registerUser(ctx.app);
    const jobIds: string[] = [];
    for (let i = 0; i < MAX_ACTIVE; i += 1)
      jobIds.push((await repoAnalyze(user.token, newRepoUrl())).json().data.jobs[0].id);
    expect((await repoAnalyze(user.token, newRepoUrl())).statusCode).toBe(429);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/api/jobs/${jobIds[0]}/cancel`,
      headers: bearer(user.token),
    });
    expect(cancel.statusCode).toBe(200);
    expect((await repoAnalyze(user.token, newRepoUrl())).statusCode).toBe(202);
  });

  it('counts a job another user started once this user waits on it too', async () => {
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    const urls = Array.from({ length: MAX_ACTIVE }, newRepoUrl);
    for (const url of urls) expect((await repoAnalyze(alice.token, url)).statusCode).toBe(202);
    for (const url of urls) expect((await repoAnalyze(bob.token, url)).statusCode).toBe(202);
    expect(await activeJobsOf(bob.user.id)).toBe(MAX_ACTIVE);
    const refused = await repoAnalyze(bob.token, newRepoUrl());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('ACTIVE_ANALYSES_LIMIT');
  });

  it('holds under parallel requests: exactly the limit gets through', async () => {
    const user = await registerUser(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => repoAnalyze(user.token, newRepoUrl())),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 202)).toHaveLength(MAX_ACTIVE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10 - MAX_ACTIVE);
    expect(await activeJobsOf(user.user.id)).toBe(MAX_ACTIVE);
  });

  it('limits repository-analysis calls per hour, even when they add no work', async () => {
    const user = await registerUser(ctx.app);
    const url = newRepoUrl();
    // The same repository and kind again joins the queued job: no new work, but still a call.
    for (let i = 0; i < PER_HOUR; i += 1)
      expect((await repoAnalyze(user.token, url)).statusCode).toBe(202);
    const refused = await repoAnalyze(user.token, url);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('REPO_ANALYZE_HOURLY_LIMIT');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await activeJobsOf(user.user.id)).toBe(1);
    // Another user's allowance is their own.
    const other = await registerUser(ctx.app);
    expect((await repoAnalyze(other.token, url)).statusCode).toBe(202);
  });

  it('starts what fits from a project page, and keeps showing those jobs', async () => {
    const user = await registerUser(ctx.app);
    const project = await createProject(ctx.app, user.token, {
      repos: Array.from({ length: 5 }, () => ({ url: newRepoUrl() })),
    });
    const view = () =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/projects/${project.id}/structure-analysis`,
        headers: bearer(user.token),
      });
    const first = await view();
    expect(first.statusCode).toBe(202);
    expect(first.json().data.jobs).toHaveLength(MAX_ACTIVE);
    expect(await activeJobsOf(user.user.id)).toBe(MAX_ACTIVE);
    // Jobs are running for this page: it keeps showing their progress, never a 429.
    expect((await view()).statusCode).toBe(202);
    expect(await activeJobsOf(user.user.id)).toBe(MAX_ACTIVE);
  });

  it('answers 429 on a project page that could start nothing and has nothing to show', async () => {
    const user = await registerUser(ctx.app);
    for (let i = 0; i < MAX_ACTIVE; i += 1)
      expect((await repoAnalyze(user.token, newRepoUrl())).statusCode).toBe(202);
    const project = await createProject(ctx.app, user.token, { repos: [{ url: newRepoUrl() }] });
    for (const request of [
      { method: 'GET' as const, url: `/api/projects/${project.id}/structure-analysis` },
      { method: 'POST' as const, url: `/api/projects/${project.id}/structure-analysis` },
    ]) {
      const refused = await ctx.app.inject({ ...request, headers: bearer(user.token) });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('ACTIVE_ANALYSES_LIMIT');
      expect(refused.headers['retry-after']).toBeDefined();
    }
    expect(await activeJobsOf(user.user.id)).toBe(MAX_ACTIVE);
  });
});
