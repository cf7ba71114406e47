import type { ProjectAnalytics } from '@rota/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createFixtureRepo, type FixtureRepo } from '../../testing/git-fixtures.js';
import {
  startGitHubDouble,
  type DoubleRepository,
  type GitHubDouble,
} from '../../testing/github-double/index.js';
import { cleanPull, jobsSettled } from '../../testing/review-fixtures.js';
import { useTestApp } from '../../testing/test-app.js';
import { ANALYZE_JOB } from '../analysis/index.js';
import { ANALYTICS_MAX_AGE_MS } from './service.js';
import { GITHUB_REPO_REFRESH_JOB } from '../github-data/index.js';
import { PULL_REQUEST_SYNC_JOB } from '../pull-requests/index.js';
import { PULL_REQUEST_REVIEW_JOB } from '../reviews/index.js';

/**
 * Analytics owns the freshness of its stored figures: each kind of write, made by its own module
 * through the running app and its jobs, shows in the very next read of the figures — seconds
 * later, well inside the age up to which a stored answer is served, so none simply grew old. A
 * writer that forgot to say what it changed leaves the stored answer in place, and its assertion
 * here fails.
 */
const AYSE = 'gho_ayse';
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();

const repository: DoubleRepository = {
  owner: 'acme',
  name: 'api',
  stargazers: 10,
  openIssues: 3,
  activity: {
    pulls: [{ ...cleanPull(1), createdAt: daysAgo(3), updatedAt: daysAgo(3) }],
  },
};

let double: GitHubDouble;
let local: FixtureRepo;
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { [AYSE]: { login: 'ayse', id: 7 } },
    repositories: [repository],
  });
  local = createFixtureRepo();
  local.commitFile('README.md', '# Tools\n', 'Start');
  local.commitFile('src/index.ts', 'export const tool = 1;\n', 'Add the tool');
});
afterAll(async () => {
  await double?.close();
  local?.remove();
});

const tokens = new Map<string, string>();
const context = useTestApp({
  config: {
    allowLocalRepos: true,
    allowPrivateHosts: true,
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: undefined };
    },
  },
  deps: () => ({ githubUserToken: async (userId: string) => tokens.get(userId) ?? null }),
});

describe('the stored figures of a project', () => {
  it('follow every kind of write: project edit, GitHub refresh, pull-request sync, review, analysis', async () => {
    const { user, token } = await registerUser(context.app);
    tokens.set(user.id, AYSE);
    const headers = bearer(token);
    const repos = [
      { name: 'api', url: 'https://github.com/acme/api', branch: 'main' },
      { name: 'tools', url: local.dir, branch: 'main' },
    ];
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers,
      payload: { name: 'Freshness', repos: repos.slice(0, 1) },
    });
    expect(created.statusCode).toBe(201);
    const project = created.json().data as { id: string };
    // Saving the project read its GitHub repository and synced its pull requests.
    await jobsSettled(context, GITHUB_REPO_REFRESH_JOB);
    await jobsSettled(context, PULL_REQUEST_SYNC_JOB);
    const figures = async () => {
      // The jobs stamp their writes with the real clock; the period ends when the figures are read.
      context.clock.now = Date.now();
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/projects/${project.id}/analytics?days=30`,
        headers,
      });
      expect(response.statusCode).toBe(200);
      return response.json().data as ProjectAnalytics;
    };
    const first = await figures();
    expect(first.repositories.totalRepos).toBe(1);
    expect(first.additionalMetrics.totalIssues).toBe(3);
    expect(first.metrics.totalPRs).toBe(1);
    expect(first.compliance.ourReviews.total).toBe(0);
    expect(first.sources.history_repos).toBe(0);
    // Served as stored while nothing changed.
    expect((await figures()).lastUpdated).toBe(first.lastUpdated);
    expect(Date.now() - now).toBeLessThan(ANALYTICS_MAX_AGE_MS);

    // A project edit: a repository added.
    const edited = await context.app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers,
      payload: { repos },
    });
    expect(edited.statusCode).toBe(200);
    expect((await figures()).repositories.totalRepos).toBe(2);
    await jobsSettled(context, GITHUB_REPO_REFRESH_JOB);
    await jobsSettled(context, PULL_REQUEST_SYNC_JOB);

    // A GitHub refresh: the repository's open issues moved on GitHub.
    repository.openIssues = 9;
    await context.queue.enqueue(GITHUB_REPO_REFRESH_JOB, {
      forge: 'github',
      owner: 'acme',
      repo: 'api',
      userId: user.id,
    });
    await jobsSettled(context, GITHUB_REPO_REFRESH_JOB);
    expect((await figures()).additionalMetrics.totalIssues).toBe(9);

    // A pull-request sync: a second pull request was opened.
    repository.activity!.pulls!.push({
      ...cleanPull(2),
      createdAt: daysAgo(1),
      updatedAt: daysAgo(1),
    });
    const synced = await context.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/pull-requests/sync`,
      headers,
    });
    expect(synced.statusCode).toBe(202);
    await jobsSettled(context, PULL_REQUEST_SYNC_JOB);
    expect((await figures()).metrics.totalPRs).toBe(2);

    // A review, asked for by hand: started, then finished with its verdict.
    const asked = await context.app.inject({
      method: 'POST',
      url: '/api/webhook/review/acme/api/2',
      headers,
    });
    expect(asked.statusCode).toBeLessThan(300);
    await jobsSettled(context, PULL_REQUEST_REVIEW_JOB);
    const reviewed = (await figures()).compliance.ourReviews;
    expect(reviewed.total).toBe(1);
    expect(reviewed.approved).toBe(1);
    expect(reviewed.pending).toBe(0);

    // An analysis of the local repository: its history now counts.
    const tools = (edited.json().data as { repos: Array<{ id: string; name: string }> }).repos.find(
      (repo) => repo.name === 'tools',
    )!;
    const analysed = await context.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/repos/${tools.id}/analyses`,
      headers,
    });
    expect(analysed.statusCode).toBe(202);
    await jobsSettled(context, ANALYZE_JOB);
    expect((await figures()).sources.history_repos).toBe(1);
  });
});
