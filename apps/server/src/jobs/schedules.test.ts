import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, refreshTokens, repoMirrors } from '../db/schema/index.js';
import { REFRESH_TOKEN_PURGE_JOB } from '../modules/auth/index.js';
import { OUTBOX_SEND_JOB } from '../modules/outbox/index.js';
import { MIRROR_SWEEP_JOB } from '../repo-store/sweep-job.js';
import { bearer, registerUser } from '../testing/auth-helpers.js';
import { createFixtureRepo } from '../testing/git-fixtures.js';
import { jobsSettled } from '../testing/review-fixtures.js';
import { useTestApp } from '../testing/test-app.js';
import { enqueueScheduledRun } from './schedules.js';

/**
 * Periodic work runs as jobs of the running app: asked for by its scheduler, run by its queue,
 * recorded in the job table with what it did.
 */
const context = useTestApp({ config: { allowLocalRepos: true, allowPrivateHosts: true } });
const HOUR = 3_600_000;

async function finished(kind: string) {
  await jobsSettled(context, kind);
  return context.database.db.select().from(jobs).where(eq(jobs.kind, kind));
}

describe('scheduled jobs', () => {
  it('one run per interval: asking again in the same interval joins the run queued', async () => {
    const schedule = { kind: 'scheduled-probe', everyMs: HOUR };
    const now = Date.UTC(2026, 0, 1, 10, 30);
    const first = await enqueueScheduledRun(context.queue, schedule, now);
    const again = await enqueueScheduledRun(context.queue, schedule, now + 60_000);
    const next = await enqueueScheduledRun(context.queue, schedule, now + HOUR);
    expect(again.id).toBe(first.id);
    expect(next.id).not.toBe(first.id);
  });

  it('the scheduler asks at start for the jobs that run at start (the mirror sweep, the outbox drain)', async () => {
    await context.scheduler.start();
    context.scheduler.stop();
    const [sweep] = await finished(MIRROR_SWEEP_JOB);
    expect(sweep?.status).toBe('succeeded');
    const [drain] = await finished(OUTBOX_SEND_JOB);
    expect(drain).toMatchObject({
      status: 'succeeded',
      result: { sent: 0, retried: 0, failed: 0 },
    });
    expect(await finished(REFRESH_TOKEN_PURGE_JOB)).toEqual([]);
  });

  it('the refresh-token purge deletes tokens a day past their expiry, and only those', async () => {
    const { user } = await registerUser(context.app);
    const family = crypto.randomUUID();
    const token = (hash: string, expiresAt: Date) => ({
      userId: user.id,
      tokenHash: hash,
      familyId: family,
      expiresAt,
    });
    await context.database.db
      .insert(refreshTokens)
      .values([
        token('long-expired', new Date(Date.now() - 3 * 24 * HOUR)),
        token('just-expired', new Date(Date.now() - HOUR)),
      ]);
    await enqueueScheduledRun(context.queue, { kind: REFRESH_TOKEN_PURGE_JOB, everyMs: HOUR });
    const [run] = await finished(REFRESH_TOKEN_PURGE_JOB);
    expect(run).toMatchObject({ status: 'succeeded', result: { deleted: 1 } });
    const left = await context.database.db
      .select({ hash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, family));
    expect(left.map((row) => row.hash)).toEqual(['just-expired']);
  });

  it('the mirror sweep removes the mirror of a repository no project holds any more', async () => {
    const source = createFixtureRepo();
    try {
      source.commitFile('README.md', '# Gone\n');
      const { token } = await registerUser(context.app);
      const created = await context.app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: bearer(token),
        payload: { name: 'Sweep', repos: [{ url: source.dir, branch: 'main' }] },
      });
      const project = created.json().data as { id: string; repos: Array<{ id: string }> };
      const analysed = await context.app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/repos/${project.repos[0]!.id}/analyses`,
        headers: bearer(token),
      });
      expect(analysed.statusCode).toBe(202);
      await jobsSettled(context, 'analyze-repository');
      const [mirror] = await context.database.db
        .select()
        .from(repoMirrors)
        .where(eq(repoMirrors.url, source.dir));
      const gitDir = path.join(context.dataDir, 'repos', mirror!.path);
      expect(existsSync(gitDir)).toBe(true);
      await context.app.inject({
        method: 'DELETE',
        url: `/api/projects/${project.id}`,
        headers: bearer(token),
      });
      await enqueueScheduledRun(context.queue, { kind: MIRROR_SWEEP_JOB, everyMs: HOUR });
      const runs = await finished(MIRROR_SWEEP_JOB);
      expect(runs.at(-1)).toMatchObject({ status: 'succeeded', result: { unused: 1 } });
      expect(existsSync(gitDir)).toBe(false);
      const left = await context.database.db
        .select()
        .from(repoMirrors)
        .where(eq(repoMirrors.url, source.dir));
      expect(left).toEqual([]);
    } finally {
      source.remove();
    }
  });
});
