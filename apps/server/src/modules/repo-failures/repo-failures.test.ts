import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard, RepoFailure } from '@rota/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { jobs } from '../../db/schema/index.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createFixtureRepo } from '../../testing/git-fixtures.js';
import { startGitHubDouble, type GitHubDouble } from '../../testing/github-double/index.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';

/**
 * Failures as a leader meets them: real repositories made here (one path that does not exist, one
 * real repository whose default branch is master while the project asks for main), the real queue
 * and engine, and the GitHub double answering 404 for a repository it does not have.
 */
let double: GitHubDouble;
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { gho_ayse: { login: 'ayse', id: 7 } },
    repositories: [],
  });
});
afterAll(async () => double?.close());

const ctx = useTestApp({
  config: {
    allowLocalRepos: true,
    allowPrivateHosts: true,
    analysisWaitMs: 0,
    repoStore: { maxSizeBytes: 50 * 1024 * 1024, cloneTimeoutMs: 30_000, freshnessMs: 0 },
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: undefined };
    },
  },
  deps: () => ({ githubUserToken: async () => 'gho_ayse' }),
});

/** Waits until no job is queued or running (the real queue runs them). */
async function settled() {
  for (let round = 0; round < 200; round += 1) {
    const live = await ctx.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(inArray(jobs.status, ['queued', 'running']));
    if (live.length === 0) return;
    await Promise.all(live.map((job) => ctx.queue.waitFor(job.id, 10_000)));
  }
  throw new Error('jobs did not settle');
}

async function failures(token: string, query = ''): Promise<RepoFailure[]> {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/repository-failures${query}`,
    headers: bearer(token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as RepoFailure[];
}

async function analyse(token: string, projectId: string) {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/branch-analysis`,
    headers: bearer(token),
  });
  expect([200, 202]).toContain(answer.statusCode);
  await settled();
}

describe('GET /api/repository-failures', () => {
  it('names a missing repository and a missing branch with the action that fixes each', async () => {
    const master = createFixtureRepo('master');
    master.commitFile('README.md', '# Express-like\n');
    const missing = `${master.dir}-does-not-exist`;
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, {
      name: 'Web',
      repos: [
        { url: missing, branch: 'main' },
        { url: master.dir, branch: 'main' },
      ],
    });
    await analyse(token, project.id);

    const found = await failures(token);
    expect(found).toHaveLength(2);
    const byUrl = new Map(found.map((failure) => [failure.repository, failure]));
    expect(byUrl.get(missing)).toMatchObject({
      projectId: project.id,
      projectName: 'Web',
      source: 'fetch',
      code: 'REPO_NOT_FOUND',
      temporary: false,
      action: 'checkRepository',
    });
    expect(byUrl.get(master.dir)).toMatchObject({
      source: 'analysis',
      code: 'UNKNOWN_REF',
      branch: 'main',
      defaultBranch: 'master',
      temporary: false,
      action: 'useDefaultBranch',
    });
    // git's own words stay in the logs: nothing of its stderr is answered.
    expect(JSON.stringify(found)).not.toMatch(/fatal|does not appear/);

    // The dashboard shows the same failures first in "Needs attention".
    const dashboard = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: bearer(token),
    });
    expect((dashboard.json().data as Dashboard).attention.failures).toEqual(found);

    // Switching to the default branch and analysing again clears the branch's failure.
    const repos = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/projects/${project.id}`,
        headers: bearer(token),
      })
    ).json().data.repos as Array<{ url: string; branch: string }>;
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers: bearer(token),
      payload: {
        repos: repos.map((repo) => ({
          url: repo.url,
          branch: repo.url === master.dir ? 'master' : repo.branch,
        })),
      },
    });
    await analyse(token, project.id);
    expect((await failures(token)).map((failure) => failure.code)).toEqual(['REPO_NOT_FOUND']);
    master.remove();
  });

  it('analyses a repository saved without a branch on its default branch, whatever its name', async () => {
    const master = createFixtureRepo('master');
    master.commitFile('README.md', '# Gin-like\n');
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, {
      repos: [{ url: master.dir, branch: '' }],
    });
    expect(project.repos[0]!.branch).toBe('');
    await analyse(token, project.id);
    expect(await failures(token)).toEqual([]);
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/branch-analysis`,
      headers: bearer(token),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.repositories[0]).toMatchObject({
      branch: '',
      defaultBranch: 'master',
      status: 'ready',
    });
    master.remove();
  });

  it('names a GitHub repository whose pull-request sync GitHub refused, only to its owner', async () => {
    const ayse = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const project = await createProject(ctx.app, ayse.token, {
      name: 'Gone',
      repos: [{ url: 'https://github.com/acme/gone', branch: 'main' }],
    });
    await settled();
    const synced = await ctx.database.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(and(eq(jobs.kind, 'pull-request-sync')));
    expect(synced.length).toBeGreaterThan(0);
    expect(await failures(ayse.token, `?project_id=${project.id}`)).toEqual([
      expect.objectContaining({
        repository: 'acme/gone',
        source: 'sync',
        code: 'GITHUB_NOT_FOUND',
        temporary: false,
        action: 'checkRepository',
      }),
    ]);
    expect(await failures(other.token)).toEqual([]);
    expect(await failures(other.token, `?project_id=${project.id}`)).toEqual([]);
    expect(await failures(ayse.token, '?project_id=not-a-uuid')).toEqual([]);
  });
});
