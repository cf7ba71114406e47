import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, projectRepos, projects } from '../../db/schema/index.js';
import { registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import { defaultForges } from '../forges/index.js';
import { createPullRequestScheduleHandler, PULL_REQUEST_SCHEDULE_JOB } from './schedule-job.js';
import { PULL_REQUEST_SYNC_JOB } from './sync-job.js';
import { enqueueScheduledRun } from '../../jobs/schedules.js';

const hourly = { kind: PULL_REQUEST_SCHEDULE_JOB, everyMs: 3_600_000 };

/**
 * The scheduled pass: repositories of active projects that no webhook keeps current get a sync;
 * the others are left to their webhook, and inactive projects are left alone. The queue is stopped,
 * so what the pass queued stays in the job table to be read.
 */
const context = useTestApp({ config: { allowPrivateHosts: true }, startQueue: false });

const queuedSyncs = async () =>
  (
    await context.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, PULL_REQUEST_SYNC_JOB))
  )
    .map(
      (job) =>
        `${(job.payload as { owner: string }).owner}/${(job.payload as { repo: string }).repo}`,
    )
    .sort();

describe('scheduled pull request sync', () => {
  it('queues a sync per GitHub repository of active projects without a webhook', async () => {
    const { token } = await registerUser(context.app);
    const repo = (name: string) => ({ url: `https://github.com/acme/${name}`, branch: 'main' });
    await createProject(context.app, token, {
      repos: [
        repo('plain'),
        repo('hooked'),
        { url: 'https://gitlab.com/acme/lab', branch: 'main' },
      ],
    });
    const idle = await createProject(context.app, token, { repos: [repo('idle')] });
    await context.database.db
      .update(projectRepos)
      .set({ webhookInstalled: true })
      .where(eq(projectRepos.repo, 'hooked'));
    await context.database.db
      .update(projects)
      .set({ isActive: false, status: 'inactive' })
      .where(eq(projects.id, idle.id));
    // Creating the projects queued syncs already; the pass is about what it queues itself.
    await context.database.db.delete(jobs);
    const handler = createPullRequestScheduleHandler({
      db: context.database.db,
      queue: () => context.queue,
      forges: defaultForges({ apiUrl: 'https://api.github.com', webUrl: 'https://github.com' }),
    });
    const result = await handler(
      {},
      { jobId: 'x', attempt: 1, signal: new AbortController().signal, progress: async () => {} },
    );
    expect(result).toEqual({ queued: 1 });
    expect(await queuedSyncs()).toEqual(['acme/plain']);
  });

  it('one pass per interval: asking twice in the same interval is one job', async () => {
    const now = Date.UTC(2026, 0, 1, 10, 30);
    const first = await enqueueScheduledRun(context.queue, hourly, now);
    const again = await enqueueScheduledRun(context.queue, hourly, now + 60_000);
    const next = await enqueueScheduledRun(context.queue, hourly, now + 3_600_000);
    expect(again.id).toBe(first.id);
    expect(next.id).not.toBe(first.id);
    expect(first.kind).toBe(PULL_REQUEST_SCHEDULE_JOB);
  });
});
