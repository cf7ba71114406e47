import { describe, expect, it } from 'vitest';
import { ValidationMessages as M } from '@rota/contracts';
import { useTestApp } from '../../testing/test-app.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';

const ctx = useTestApp();

/** Breaks the name and, on several rows, the URL (syntax, and a local path this server refuses) and the branch. */
const everythingWrong = {
  name: 'A',
  repos: [
    { url: 'https://github.com/acme/api', branch: 'main' },
    { url: 'not a url', branch: 'feature..x' },
    { url: '/srv/git/local-repo' },
    { url: 'https://github.com/acme/web', branch: '-rf' },
  ],
};
const everyBrokenRule = [
  { path: 'name', message: M.projectNameMin },
  { path: 'repos.1.url', message: M.invalidRepositoryUrl },
  { path: 'repos.1.branch', message: M.invalidBranchName },
  { path: 'repos.2.url', message: M.invalidRepositoryUrl },
  { path: 'repos.3.branch', message: M.invalidBranchName },
];

describe('project create and update name every broken rule in one answer', () => {
  it('POST: 400 VALIDATION_ERROR with the name and each bad row, and writes nothing', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(token),
      payload: everythingWrong,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: M.projectNameMin,
      errors: everyBrokenRule,
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/projects',
      headers: bearer(token),
    });
    expect(list.json().data).toEqual([]);
  });

  it('PUT: the same answer, and the project stays as it was', async () => {
    const { token } = await registerUser(ctx.app);
    const created = await createProject(ctx.app, token, {
      repos: [{ url: 'https://github.com/acme/api' }],
    });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${created.id}`,
      headers: bearer(token),
      payload: everythingWrong,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: everyBrokenRule,
    });
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${created.id}`,
      headers: bearer(token),
    });
    expect(after.json().data).toEqual(created);
  });

  it('a URL refused only by this server (a local path) is named together with the name', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(token),
      payload: { name: 'x', repos: [{ url: 'file:///srv/git/local-repo' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.errors).toEqual([
      { path: 'name', message: M.projectNameMin },
      { path: 'repos.0.url', message: M.invalidRepositoryUrl },
    ]);
  });
});

describe('with ALLOW_LOCAL_REPOS=true', () => {
  const local = useTestApp({ config: { allowLocalRepos: true } });

  it('the same local path is accepted, so only the name is reported', async () => {
    const { token } = await registerUser(local.app);
    const response = await local.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(token),
      payload: { name: 'x', repos: [{ url: 'file:///srv/git/local-repo' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.errors).toEqual([{ path: 'name', message: M.projectNameMin }]);
  });
});
