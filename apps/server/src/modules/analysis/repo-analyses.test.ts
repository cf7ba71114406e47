import { ErrorCodes, PROJECT_ANALYSIS_KINDS, ProjectMessages } from '@rota/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { analysisResults } from '../../db/schema/index.js';
import { createFixtureRepo, type FixtureRepo } from '../../testing/git-fixtures.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';

// Real repositories, the real engine and the real job queue, on the test database (PGlite).
const ctx = useTestApp({
  config: {
    allowLocalRepos: true,
    analysisWaitMs: 0,
    repoStore: { maxSizeBytes: 50 * 1024 * 1024, cloneTimeoutMs: 30_000, freshnessMs: 60_000 },
  },
});

const made: FixtureRepo[] = [];
afterAll(() => made.forEach((repo) => repo.remove()));

function repository(): FixtureRepo {
  const repo = createFixtureRepo();
  made.push(repo);
  return repo;
}

async function finished(token: string, jobId: string) {
  for (let i = 0; i < 300; i += 1) {
    const job = (
      await ctx.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: bearer(token) })
    ).json().data;
    if (['succeeded', 'failed', 'cancelled'].includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} did not finish`);
}

const analyseAgain = (token: string, projectId: string, repoId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/repos/${repoId}/analyses`,
    headers: bearer(token),
  });

describe('POST /api/projects/{id}/repos/{repoId}/analyses', () => {
  it('analyses a repository that failed again, every kind the page shows, on its own branch', async () => {
    // An empty repository: every analysis fails (nothing to analyse on main yet).
    const repo = repository();
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, {
      repos: [{ url: repo.dir, branch: 'main' }],
    });
    const repoId = project.repos[0]!.id;
    const first = (await analyseAgain(token, project.id, repoId)).json().data;
    expect(first.jobs.map((job: { kind: string }) => job.kind)).toHaveLength(
      PROJECT_ANALYSIS_KINDS.length,
    );
    for (const job of first.jobs) expect((await finished(token, job.id)).status).toBe('failed');

    // The user fixes the repository and asks once: every analysis (the four tabs and the history
    // the Analytics tab reads) runs again and succeeds, even
    // though the mirror is fresh and the failure is remembered (the retry fetches regardless).
    repo.commitFile('README.md', '# Fixed\n\nNow there is something to analyse.\n');
    const again = await analyseAgain(token, project.id, repoId);
    expect(again.statusCode).toBe(202);
    const accepted = again.json().data;
    expect(accepted.repoId).toBe(repoId);
    expect(accepted.jobs).toHaveLength(PROJECT_ANALYSIS_KINDS.length);
    for (const job of accepted.jobs)
      expect((await finished(token, job.id)).status).toBe('succeeded');

    for (const path of [
      'branch-analysis',
      'readme-analysis',
      'structure-analysis',
      'technical-diagram',
    ]) {
      const read = await ctx.app.inject({
        method: 'GET',
        url: `/api/projects/${project.id}/${path}`,
        headers: bearer(token),
      });
      expect(read.statusCode, path).toBe(200);
      expect(read.json().data.repositories[0]).toMatchObject({ repoId, status: 'ready' });
    }
    // The history the analytics read covers their longest period, 90 days.
    const [history] = await ctx.database.db
      .select({ result: analysisResults.result })
      .from(analysisResults)
      .where(eq(analysisResults.kind, 'history'));
    expect((history?.result as { window: { days: number } }).window.days).toBe(90);
  }, 120_000);

  it('leaves the other repositories of the project alone', async () => {
    const [one, two] = [repository(), repository()];
    one.commitFile('README.md', '# One\n');
    two.commitFile('README.md', '# Two\n');
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, {
      repos: [
        { url: one.dir, branch: 'main' },
        { url: two.dir, branch: 'main' },
      ],
    });
    const accepted = (await analyseAgain(token, project.id, project.repos[1]!.id)).json().data;
    for (const job of accepted.jobs) await finished(token, job.id);
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/readme-analysis`,
      headers: bearer(token),
    });
    // Only the second was analysed; the page's read then starts the first's own job.
    const entries = read.json().data.repositories ?? [];
    const second = entries.find(
      (entry: { repoId: string }) => entry.repoId === project.repos[1]!.id,
    );
    expect(second?.status).toBe('ready');
    const firstEntry = entries.find(
      (entry: { repoId: string }) => entry.repoId === project.repos[0]!.id,
    );
    expect(firstEntry?.status).not.toBe('ready');
  }, 120_000);

  it("answers 404 for another project's repository and for a repository nobody has", async () => {
    const repo = repository();
    repo.commitFile('README.md', '# Mine\n');
    const { token } = await registerUser(ctx.app);
    const mine = await createProject(ctx.app, token, {
      repos: [{ url: repo.dir, branch: 'main' }],
    });
    const other = await createProject(ctx.app, token, { repos: [] });
    for (const [projectId, repoId] of [
      [other.id, mine.repos[0]!.id],
      [mine.id, '00000000-0000-4000-8000-000000000000'],
      [mine.id, 'not-a-uuid'],
    ] as const) {
      const response = await analyseAgain(token, projectId, repoId);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(ProjectMessages.repoNotFound);
    }
  });

  it('starts nothing for an archived project and says why', async () => {
    const repo = repository();
    repo.commitFile('README.md', '# Archived\n');
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, {
      status: 'archived',
      repos: [{ url: repo.dir, branch: 'main' }],
    });
    const response = await analyseAgain(token, project.id, project.repos[0]!.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe(ErrorCodes.projectArchived);
  });
});
