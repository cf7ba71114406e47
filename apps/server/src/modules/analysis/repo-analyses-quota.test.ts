import { ErrorCodes } from '@rota/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';

// No workers: jobs stay queued, so the test controls exactly how many are active (nothing is
// cloned, which is why plain GitHub URLs are fine here).
const ctx = useTestApp({
  config: {
    workers: 0,
    analysisWaitMs: 0,
    analysisQuota: { maxActivePerUser: 6, repoAnalyzePerHour: 100 },
  },
});

async function activeJobsOf(userId: string): Promise<number> {
  const result = await ctx.database.db.execute(
    sql`select count(distinct j.id)::int as count from job_handles h join jobs j on j.id = h.job_id
        where h.owner_id = ${userId} and h.cancelled_at is null and j.status in ('queued', 'running')`,
  );
  return Number((result as unknown as { rows: Array<{ count: number }> }).rows[0]!.count);
}

describe('analysing one repository again, under the active-analyses quota', () => {
  it('starts all five analyses (the four tabs and the history) or none, and asking again for work already waited on is free', async () => {
    const { token, user } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, {
      repos: [
        { url: 'https://github.com/quota-owner/first', branch: 'main' },
        { url: 'https://github.com/quota-owner/second', branch: 'main' },
      ],
    });
    const analyse = (repoId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/repos/${repoId}/analyses`,
        headers: bearer(token),
      });
    const [first, second] = project.repos;

    const started = await analyse(first!.id);
    expect(started.statusCode).toBe(202);
    expect(started.json().data.jobs).toHaveLength(5);
    expect(await activeJobsOf(user.id)).toBe(5);

    // Five more would pass the limit of six: none starts, and the answer says why.
    const refused = await analyse(second!.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe(ErrorCodes.activeAnalysesLimit);
    expect(await activeJobsOf(user.id)).toBe(5);

    // The first repository's five are already waited on: asking again joins them.
    const again = await analyse(first!.id);
    expect(again.statusCode).toBe(202);
    expect(
      again
        .json()
        .data.jobs.map((job: { id: string }) => job.id)
        .sort(),
    ).toEqual(
      started
        .json()
        .data.jobs.map((job: { id: string }) => job.id)
        .sort(),
    );
    expect(await activeJobsOf(user.id)).toBe(5);
  });
});
