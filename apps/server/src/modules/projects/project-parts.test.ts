import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';

const ctx = useTestApp();

describe('repositories of a project', () => {
  it('adds, lists and removes repositories (by body or by query)', async () => {
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, {
      repos: [{ url: 'https://github.com/a/one' }],
    });
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/repos`,
      headers: bearer(token),
      payload: { name: 'Second', url: 'https://bitbucket.org/team/two.git', branch: 'trunk' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({
      name: 'Second',
      provider: 'bitbucket',
      owner: 'team',
      repo: 'two',
      branch: 'trunk',
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/repositories`,
      headers: bearer(token),
    });
    expect(list.json().data.map((r: { repo: string }) => r.repo)).toEqual(['one', 'two']);

    const byBody = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${project.id}/repos`,
      headers: bearer(token),
      payload: { repoId: added.json().data.id },
    });
    expect(byBody.statusCode).toBe(200);
    const byQuery = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${project.id}/repos?repoId=${project.repos[0]!.id}`,
      headers: bearer(token),
    });
    expect(byQuery.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}`,
      headers: bearer(token),
    });
    expect(after.json().data).toMatchObject({ repo_count: 0, repos: [] });
  });

  it('refuses a repository already in the project with 409, and bad URLs with 400', async () => {
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, {
      repos: [{ url: 'https://github.com/a/one' }],
    });
    const add = (url: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/repos`,
        headers: bearer(token),
        payload: { url },
      });
    const duplicate = await add('git@github.com:A/One.git');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.errors).toEqual([
      { path: 'url', message: 'This repository is already in the project' },
    ]);
    const bad = await add('ssh://git:password@example.com/a/b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.errors).toEqual([{ path: 'url', message: 'Invalid repository URL' }]);
  });

  it('lets only one of two concurrent adds of the same repository through', async () => {
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token);
    const add = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/repos`,
        headers: bearer(token),
        payload: { url: 'https://github.com/race/repo' },
      });
    const statuses = (await Promise.all([add(), add(), add()])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
  });

  it('answers 400 without a repo id and 404 for a repo of another project', async () => {
    const { token } = await registerUser(ctx.app);
    const mine = await createProject(ctx.app, token, { name: 'Mine' });
    const other = await createProject(ctx.app, token, {
      name: 'Other',
      repos: [{ url: 'https://github.com/o/r' }],
    });
    const missing = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${mine.id}/repos`,
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(400);
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${mine.id}/repos`,
      headers: bearer(token),
      payload: { repoId: other.repos[0]!.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Repository not found in this project');
  });
});

describe('team members of a project', () => {
  it('adds, lists and removes members by path and by body', async () => {
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token);
    const add = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/members`,
        headers: bearer(token),
        payload,
      });
    const deniz = await add({
      name: 'Deniz Kaya',
      role: 'Tech lead',
      contributions: 42,
      github_login: 'deniz-k',
    });
    expect(deniz.statusCode).toBe(201);
    expect(deniz.json().data).toMatchObject({
      name: 'Deniz Kaya',
      role: 'Tech lead',
      contributions: 42,
      github_login: 'deniz-k',
      avatar: null,
    });
    const ece = (await add({ name: 'Ece' })).json().data;
    expect(ece).toMatchObject({ role: null, contributions: 0 });

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/members`,
      headers: bearer(token),
    });
    expect(list.json().data.map((m: { name: string }) => m.name)).toEqual(['Deniz Kaya', 'Ece']);

    const byPath = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${project.id}/members/${deniz.json().data.id}`,
      headers: bearer(token),
    });
    expect(byPath.statusCode).toBe(200);
    const byBody = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${project.id}/members`,
      headers: bearer(token),
      payload: { memberId: ece.id },
    });
    expect(byBody.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${project.id}/members/${ece.id}`,
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Member not found in this project');
  });

  it.each([
    [{}, 'name', 'Member name is required'],
    [{ name: '   ' }, 'name', 'Member name is required'],
    [{ name: 'X', contributions: -1 }, 'contributions', undefined],
    [{ name: 'X', github_login: 'bad login!' }, 'github_login', 'Invalid GitHub login'],
    [{ name: 'X', github_login: 'trailing-' }, 'github_login', 'Invalid GitHub login'],
    [{ name: 'X', github_login: 'double--hyphen' }, 'github_login', 'Invalid GitHub login'],
  ])('validates %j', async (payload, path, message) => {
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/members`,
      headers: bearer(token),
      payload,
    });
    expect(response.statusCode).toBe(400);
    const error = response.json().error.errors.find((e: { path: string }) => e.path === path);
    expect(error).toBeDefined();
    if (message) expect(error.message).toBe(message);
  });
});
