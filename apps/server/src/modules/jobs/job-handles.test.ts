import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';

// No workers: the shared job stays queued, so whether a cancel stopped it is read from the table
// without racing a worker (the queue contract covers a running job being aborted). Nothing is
// cloned, which is why a plain GitHub URL is fine.
const ctx = useTestApp({ config: { workers: 0, analysisWaitMs: 0 } });

let sequence = 0;
const newRepoUrl = () => `https://github.com/handles/repo-${(sequence += 1)}`;

/** One analysis kind's jobs of a repository (a structure's history companion is apart). */
async function sharedJobs(repoUrl: string, kind = 'structure') {
  const result = await ctx.database.db.execute(
    sql`select id, status from jobs
        where payload ->> 'repoUrl' = ${repoUrl} and payload ->> 'kind' = ${kind}`,
  );
  return (result as unknown as { rows: Array<{ id: string; status: string }> }).rows;
}

const get = (token: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

describe('jobs belong to their users', () => {
  it('two users adding the same repository share one job, each through a handle of their own', async () => {
    const url = newRepoUrl();
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    const aliceProject = await createProject(ctx.app, alice.token, { repos: [{ url }] });
    const bobProject = await createProject(ctx.app, bob.token, { repos: [{ url }] });

    const first = await get(alice.token, `/api/projects/${aliceProject.id}/structure-analysis`);
    const second = await get(bob.token, `/api/projects/${bobProject.id}/structure-analysis`);
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    const aliceHandle = first.json().data.jobId as string;
    const bobHandle = second.json().data.jobId as string;
    expect(bobHandle).not.toBe(aliceHandle);
    expect(second.json().data.jobs.map((job: { id: string }) => job.id)).toEqual([bobHandle]);
    // One clone, one computation: a single job behind both handles.
    const [job, ...more] = await sharedJobs(url);
    expect(more).toHaveLength(0);
    expect([aliceHandle, bobHandle]).not.toContain(job!.id);

    // Both follow their progress; neither reads the other's handle, nor the shared job's id.
    for (const [token, handle] of [
      [alice.token, aliceHandle],
      [bob.token, bobHandle],
    ] as const) {
      const own = await get(token, `/api/jobs/${handle}`);
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ id: handle, status: 'queued' });
    }
    const missing = await get(bob.token, `/api/jobs/00000000-0000-4000-8000-000000000000`);
    for (const [token, handle] of [
      [bob.token, aliceHandle],
      [alice.token, bobHandle],
      [alice.token, job!.id],
    ] as const) {
      for (const response of [
        await get(token, `/api/jobs/${handle}`),
        await get(token, `/api/jobs/${handle}/events`),
        await post(token, `/api/jobs/${handle}/cancel`),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().error.message).toBe(missing.json().error.message);
        expect(response.json().error.code).toBe(missing.json().error.code);
      }
    }
    expect((await sharedJobs(url))[0]!.status).toBe('queued');

    // The project page shows each user their own handle.
    const bobView = await get(bob.token, `/api/projects/${bobProject.id}/structure-analysis`);
    expect(bobView.json().data.jobs[0].id).toBe(bobHandle);

    // Alice cancels: her handle reads cancelled, Bob's job goes on.
    const cancelled = await post(alice.token, `/api/jobs/${aliceHandle}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ id: aliceHandle, status: 'cancelled' });
    expect((await get(alice.token, `/api/jobs/${aliceHandle}`)).json().data.status).toBe(
      'cancelled',
    );
    expect((await get(bob.token, `/api/jobs/${bobHandle}`)).json().data.status).toBe('queued');
    expect((await sharedJobs(url))[0]!.status).toBe('queued');
    // Her page does not sign her up again for work she cancelled (until she asks to refresh).
    const aliceView = await get(alice.token, `/api/projects/${aliceProject.id}/structure-analysis`);
    expect(aliceView.json().data.repositories[0].job).toMatchObject({
      id: aliceHandle,
      status: 'cancelled',
    });

    // Bob cancels the last live handle: the shared job stops.
    const last = await post(bob.token, `/api/jobs/${bobHandle}/cancel`);
    expect(last.json().data).toMatchObject({ id: bobHandle, status: 'cancelled' });
    expect(await sharedJobs(url)).toEqual([{ id: job!.id, status: 'cancelled' }]);
  });

  it("gives a repository analysis that joins another user's job a handle of its own", async () => {
    const url = newRepoUrl();
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    const analyze = (token: string) =>
      post(token, '/analyze/api/repo-analyze/analyze', { repoUrl: url, kinds: ['readme'] });
    const aliceJob = (await analyze(alice.token)).json().data.jobs[0];
    const bobAnswer = await analyze(bob.token);
    expect(bobAnswer.statusCode).toBe(202);
    const bobJob = bobAnswer.json().data.jobs[0];
    expect(bobJob.id).not.toBe(aliceJob.id);
    // Asking again holds the same handle.
    expect((await analyze(bob.token)).json().data.jobs[0].id).toBe(bobJob.id);
    expect(await sharedJobs(url, 'readme')).toHaveLength(1);
    const live = await ctx.database.db.execute(
      sql`select owner_id from job_handles where cancelled_at is null order by created_at`,
    );
    expect(
      (live as unknown as { rows: Array<{ owner_id: string }> }).rows.filter((row) =>
        [alice.user.id, bob.user.id].includes(row.owner_id),
      ),
    ).toHaveLength(2);
    // Cancelling Bob's handle leaves Alice's analysis queued.
    await post(bob.token, `/api/jobs/${bobJob.id}/cancel`);
    expect((await get(alice.token, `/api/jobs/${aliceJob.id}`)).json().data.status).toBe('queued');
  });

  it("survives the first asker deleting their project: the other user's handle and job stay", async () => {
    const url = newRepoUrl();
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    const aliceProject = await createProject(ctx.app, alice.token, { repos: [{ url }] });
    const bobProject = await createProject(ctx.app, bob.token, { repos: [{ url }] });
    await get(alice.token, `/api/projects/${aliceProject.id}/readme-analysis`);
    const bobHandle = (
      await get(bob.token, `/api/projects/${bobProject.id}/readme-analysis`)
    ).json().data.jobId;
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${aliceProject.id}`,
      headers: bearer(alice.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(bob.token, `/api/jobs/${bobHandle}`)).json().data).toMatchObject({
      id: bobHandle,
      status: 'queued',
    });
    expect(await sharedJobs(url, 'readme')).toMatchObject([{ status: 'queued' }]);
  });
});
