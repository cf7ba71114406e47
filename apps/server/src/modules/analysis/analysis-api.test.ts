import {
  CompositionAnalysisSchema,
  ProjectAnalysisResponseSchema,
  StructureAnalysisSchema,
  successEnvelope,
} from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { createFixtureRepo } from '../../testing/git-fixtures.js';
import { useTestApp } from '../../testing/test-app.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';

// Real fixture repositories (file:// allowed here), the real engine, the real job queue.
const ctx = useTestApp({
  config: {
    allowLocalRepos: true,
    analysisWaitMs: 0,
    repoStore: { maxSizeBytes: 50 * 1024 * 1024, cloneTimeoutMs: 30_000, freshnessMs: 0 },
  },
});

async function waitForJob(token: string, jobId: string) {
  for (let i = 0; i < 200; i += 1) {
    const job = (
      await ctx.app.inject({ method: 'GET', url: `/api/jobs/${jobId}`, headers: bearer(token) })
    ).json().data;
    if (['succeeded', 'failed', 'cancelled'].includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('job did not finish');
}

function fixture() {
  const repo = createFixtureRepo();
  repo.commitFile('README.md', '# Fixture\n\nA fixture repository for Rota.\n');
  repo.commitFile('src/index.ts', "import { add } from './math';\nconsole.log(add(1, 2));\n");
  repo.commitFile('src/math.ts', 'export const add = (a: number, b: number) => a + b;\n');
  return repo;
}

describe('project analysis endpoints', () => {
  it('answers 202 with a job first, then the stored result; unchanged heads are not recomputed', async () => {
    const repo = fixture();
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, {
      repos: [{ url: repo.dir, branch: 'main' }],
    });
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/structure-analysis`,
      headers: bearer(token),
    });
    expect(first.statusCode).toBe(202);
    const accepted = first.json().data;
    expect(accepted).toMatchObject({
      status: expect.stringMatching(/queued|running/),
      jobId: expect.any(String),
      progress: expect.any(Number),
    });
    expect(await waitForJob(token, accepted.jobId)).toMatchObject({
      status: 'succeeded',
      progress: 100,
    });

    const second = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/structure-analysis`,
      headers: bearer(token),
    });
    expect(second.statusCode).toBe(200);
    const [entry] = second.json().data.repositories;
    expect(entry).toMatchObject({
      repoId: project.repos[0]!.id,
      status: 'ready',
      commit: repo.git('rev-parse', 'HEAD').trim(),
    });
    expect(entry.result.structure.totals.files).toBe(3);
    // The response schema declares `result` as unknown, so the serializer does not look inside a
    // stored result: this is what keeps the stored answer honest against the contract.
    expect(successEnvelope(ProjectAnalysisResponseSchema).safeParse(second.json()).error).toBe(
      undefined,
    );
    expect(StructureAnalysisSchema.safeParse(entry.result.structure).error).toBe(undefined);
    expect(CompositionAnalysisSchema.safeParse(entry.result.composition).error).toBe(undefined);
    expect(entry.result.structure.languages.map((l: { name: string }) => l.name)).toContain(
      'TypeScript',
    );
    // freshnessMs is 0 here, so a job runs again to look at the head; it finds the result and reuses it.
    if (entry.job && entry.job.id !== accepted.jobId) {
      const again = await waitForJob(token, entry.job.id);
      expect(again.status).toBe('succeeded');
    }
    const rows = await ctx.database.db.execute(
      "select count(*)::int as n from analysis_results where kind = 'structure'" as never,
    );
    expect(JSON.stringify(rows)).toContain('"n":1');
    repo.remove();
  });

  it('shows the previous result as stale while a new commit is analysed, then the fresh one', async () => {
    const repo = fixture();
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, { repos: [{ url: repo.dir }] });
    const url = `/api/projects/${project.id}/readme-analysis`;
    const accepted = (await ctx.app.inject({ method: 'GET', url, headers: bearer(token) })).json()
      .data;
    await waitForJob(token, accepted.jobId);
    const newCommit = repo.commitFile(
      'README.md',
      '# Fixture\n\n## Installation\n\n```sh\nnpm install\n```\n',
    );

    const during = (await ctx.app.inject({ method: 'GET', url, headers: bearer(token) })).json()
      .data.repositories[0];
    expect(during.status).toBe('ready');
    expect(during.commit).not.toBe(newCommit);
    expect(during.stale).toBe(true);
    await waitForJob(token, during.job.id);

    const after = (await ctx.app.inject({ method: 'GET', url, headers: bearer(token) })).json().data
      .repositories[0];
    expect(after.commit).toBe(newCommit);
    expect(after.result.readme.found).toBe(true);
    expect(after.result.communityFiles.files.length).toBeGreaterThan(5);
    repo.remove();
  });

  it('records a failed clone on the job, never a 500', async () => {
    const { token } = await registerUser(ctx.app);
    const missing = `/tmp/rota-missing-${Date.now()}`;
    const project = await createProject(ctx.app, token, { repos: [{ url: missing }] });
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/branch-analysis`,
      headers: bearer(token),
    });
    expect(first.statusCode).toBe(202);
    const job = await waitForJob(token, first.json().data.jobId);
    expect(job).toMatchObject({ status: 'failed', attempts: 1, error: { code: 'REPO_NOT_FOUND' } });
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/branch-analysis`,
      headers: bearer(token),
    });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.repositories[0]).toMatchObject({
      status: 'failed',
      result: null,
      job: { error: { code: 'REPO_NOT_FOUND' } },
    });
  });

  it("shows a branch only its own result: a missing branch fails naming the default one, never another branch's commit", async () => {
    // gin's case: the repository has only master; one project analysed master, another asks for main.
    const repo = createFixtureRepo('master');
    repo.commitFile('README.md', '# Only master\n');
    const { token } = await registerUser(ctx.app);
    const good = await createProject(ctx.app, token, {
      repos: [{ url: repo.dir, branch: 'master' }],
    });
    const read = (projectId: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/projects/${projectId}/structure-analysis`,
        headers: bearer(token),
      });
    await waitForJob(token, (await read(good.id)).json().data.jobId);
    const wrong = await createProject(ctx.app, token, {
      name: 'Wrong branch',
      repos: [{ url: repo.dir, branch: 'main' }],
    });
    const first = await read(wrong.id);
    await waitForJob(token, first.json().data.jobId ?? first.json().data.repositories[0].job.id);
    const after = await read(wrong.id);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.repositories[0]).toMatchObject({
      branch: 'main',
      defaultBranch: 'master',
      status: 'failed',
      commit: null,
      result: null,
      job: {
        error: {
          code: 'UNKNOWN_REF',
          message: 'Branch "main" does not exist in the repository; its default branch is "master"',
        },
      },
    });
    expect((await read(good.id)).json().data.repositories[0]).toMatchObject({
      branch: 'master',
      status: 'ready',
      commit: repo.git('rev-parse', 'HEAD').trim(),
    });
  });

  it('keeps other users out of analyses and jobs (404)', async () => {
    const repo = fixture();
    const alice = await registerUser(ctx.app);
    const mallory = await registerUser(ctx.app);
    const project = await createProject(ctx.app, alice.token, { repos: [{ url: repo.dir }] });
    const accepted = (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/technical-diagram`,
        headers: bearer(alice.token),
      })
    ).json().data;
    for (const path of [
      'branch-analysis',
      'readme-analysis',
      'readme-check',
      'structure-analysis',
      'technical-diagram',
      'repo-analyze-results',
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/projects/${project.id}/${path}`,
        headers: bearer(mallory.token),
      });
      expect(response.statusCode, path).toBe(404);
    }
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/jobs/${accepted.jobId}`,
          headers: bearer(mallory.token),
        })
      ).statusCode,
    ).toBe(404);
    await waitForJob(alice.token, accepted.jobId);
    repo.remove();
  });

  it('lets two users of one repository both follow the shared job to its result, each with their own handle', async () => {
    const repo = fixture();
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    const projects = [
      await createProject(ctx.app, alice.token, { repos: [{ url: repo.dir }] }),
      await createProject(ctx.app, bob.token, { repos: [{ url: repo.dir }] }),
    ];
    const [first, second] = await Promise.all(
      [alice, bob].map((user, i) =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/projects/${projects[i]!.id}/readme-analysis`,
          headers: bearer(user.token),
        }),
      ),
    );
    const handles = [first!.json().data.jobId, second!.json().data.jobId];
    expect(handles[0]).not.toBe(handles[1]);
    expect(await waitForJob(alice.token, handles[0])).toMatchObject({ status: 'succeeded' });
    expect(await waitForJob(bob.token, handles[1])).toMatchObject({ status: 'succeeded' });
    const computed = await ctx.database.db.execute(
      "select count(*)::int as n from jobs where kind = 'analyze-repository' and payload ->> 'kind' = 'readme'" as never,
    );
    expect(JSON.stringify(computed)).toContain('"n":1');
    repo.remove();
  });

  it('starts no work for an archived project but still shows what is stored', async () => {
    const repo = fixture();
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, { repos: [{ url: repo.dir }] });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers: bearer(token),
      payload: { status: 'archived' },
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/structure-analysis?refresh=true`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.repositories[0]).toMatchObject({
      status: 'not_analyzed',
      job: null,
      result: null,
    });
    repo.remove();
  });
});

describe('repo-analyze and job streams', () => {
  it('analyses any repository URL as jobs and lists the results for the project', async () => {
    const repo = fixture();
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/analyze/api/repo-analyze/analyze',
      headers: bearer(token),
      payload: { repoUrl: repo.dir, projectId: project.id, kinds: ['branches', 'history'] },
    });
    expect(response.statusCode).toBe(202);
    const { jobs } = response.json().data;
    expect(jobs).toHaveLength(2);
    for (const job of jobs) expect((await waitForJob(token, job.id)).status).toBe('succeeded');
    const results = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/projects/${project.id}/repo-analyze-results`,
        headers: bearer(token),
      })
    ).json().data;
    expect(results.map((r: { kind: string }) => r.kind).sort()).toEqual(['branches', 'history']);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/analyze/api/repo-analyze/analyze',
      headers: bearer(token),
      payload: { repoUrl: '--upload-pack=x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.errors).toEqual([
      { path: 'repoUrl', message: 'Invalid repository URL' },
    ]);
    repo.remove();
  });

  it('streams job progress as server-sent events until the job ends', async () => {
    const repo = fixture();
    const { token } = await registerUser(ctx.app);
    const accepted = (
      await ctx.app.inject({
        method: 'POST',
        url: '/analyze/api/repo-analyze/analyze',
        headers: bearer(token),
        payload: { repoUrl: repo.dir, kinds: ['readme'] },
      })
    ).json().data;
    const stream = await ctx.app.inject({
      method: 'GET',
      url: `/api/jobs/${accepted.jobs[0].id}/events`,
      headers: bearer(token),
    });
    expect(stream.headers['content-type']).toContain('text/event-stream');
    const events = stream.body.split('\n\n').filter(Boolean);
    expect(events.at(-1)).toContain('event: end');
    const last = JSON.parse(events.at(-2)!.split('data: ')[1]!);
    expect(last.status).toBe('succeeded');
    repo.remove();
  });
});
