import { describe, expect, it } from 'vitest';
import { ValidationMessages as M } from '@rota/contracts';
import { useTestApp } from '../../testing/test-app.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';

const ctx = useTestApp();

describe('POST /api/projects', () => {
  it('creates a project with its repositories, parsed and normalised', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(token),
      payload: {
        name: '  Ödeme Servisi ',
        description: 'Payments',
        review_prompt: 'Check idempotency',
        repos: [
          { name: 'API', url: 'https://github.com/acme/payments-api.git', branch: 'develop' },
          { url: 'git@gitlab.com:acme/infra/terraform.git' },
          { url: 'https://github.com/acme/web/tree/release/2.0', branch: '' },
        ],
      },
    });
    expect(response.statusCode).toBe(201);
    const project = response.json().data;
    expect(project).toMatchObject({
      name: 'Ödeme Servisi',
      description: 'Payments',
      review_prompt: 'Check idempotency',
      status: 'active',
      is_active: true,
      repo_count: 3,
      team_members: [],
    });
    expect(
      project.repos.map((r: Record<string, unknown>) => [
        r.name,
        r.provider,
        r.owner,
        r.repo,
        r.url,
        r.branch,
      ]),
    ).toEqual([
      ['API', 'github', 'acme', 'payments-api', 'https://github.com/acme/payments-api', 'develop'],
      [
        'terraform',
        'gitlab',
        'acme/infra',
        'terraform',
        'ssh://git@gitlab.com/acme/infra/terraform.git',
        // No branch: the repository's default, whatever it is named (stored empty).
        '',
      ],
      ['web', 'github', 'acme', 'web', 'https://github.com/acme/web', 'release/2.0'],
    ]);
    for (const repo of project.repos) {
      expect(repo).toMatchObject({
        project_id: project.id,
        webhook_id: null,
        webhook_installed: false,
        active: true,
      });
      expect(repo).not.toHaveProperty('webhook_secret');
      expect(repo).not.toHaveProperty('webhook_secret_enc');
    }
  });

  it('stores blank optional texts as null', async () => {
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, { description: '   ', review_prompt: '' });
    expect(project.description).toBeNull();
    expect(project.review_prompt).toBeNull();
  });

  it.each([
    [{ name: 'A' }, 'name', M.projectNameMin],
    [{ name: undefined }, 'name', M.projectNameMin],
    [{ repos: [{ url: 'not a url' }] }, 'repos.0.url', M.invalidRepositoryUrl],
    [
      { repos: [{ url: 'https://github.com/a/b' }, { url: '--upload-pack=touch /tmp/x' }] },
      'repos.1.url',
      M.invalidRepositoryUrl,
    ],
    [{ repos: [{ url: 'https://token@github.com/a/b' }] }, 'repos.0.url', M.invalidRepositoryUrl],
    [{ repos: [{ url: '/srv/git/local-repo' }] }, 'repos.0.url', M.invalidRepositoryUrl],
    [
      { repos: [{ url: 'https://github.com/a/b', branch: 'bad..branch' }] },
      'repos.0.branch',
      M.invalidBranchName,
    ],
    [
      { repos: [{ url: 'https://github.com/a/b', branch: '-rf' }] },
      'repos.0.branch',
      M.invalidBranchName,
    ],
  ])('rejects %j at %s and writes nothing', async (override, path, message) => {
    const { token } = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(token),
      payload: { name: 'Valid', ...override },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.errors).toContainEqual({ path, message });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/projects',
      headers: bearer(token),
    });
    expect(list.json().data).toEqual([]);
  });

  it('answers 409 when one repository is listed twice, however it is written', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(token),
      payload: {
        name: 'Twice',
        repos: [{ url: 'https://github.com/Acme/App' }, { url: 'git@github.com:acme/app.git' }],
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.errors).toEqual([
      { path: 'repos.1.url', message: 'This repository is already in the project' },
    ]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/projects', headers: bearer(token) })).json()
        .data,
    ).toEqual([]);
  });

  it('never stores credentials from a URL', async () => {
    const { token } = await registerUser(ctx.app);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(token),
      payload: { name: 'Leaky', repos: [{ url: 'https://user:ghp_secret123@github.com/a/b' }] },
    });
    const dump = await ctx.database.db.execute('select * from project_repos' as never);
    expect(JSON.stringify(dump)).not.toContain('ghp_secret123');
  });
});

describe('GET/PUT/DELETE /api/projects/:id', () => {
  it('reads a project with its repositories and members', async () => {
    const { token } = await registerUser(ctx.app);
    const created = await createProject(ctx.app, token, {
      repos: [{ url: 'https://github.com/a/b' }],
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${created.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(created);
  });

  it('updates only the given fields and moves updated_at', async () => {
    const { token } = await registerUser(ctx.app);
    const created = await createProject(ctx.app, token, { description: 'keep me' });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${created.id}`,
      headers: bearer(token),
      payload: { name: 'Renamed', status: 'archived' },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json().data;
    expect(updated).toMatchObject({
      name: 'Renamed',
      description: 'keep me',
      status: 'archived',
      is_active: false,
    });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.updated_at));
  });

  it('replaces the repository set: kept repositories keep their ids', async () => {
    const { token } = await registerUser(ctx.app);
    const created = await createProject(ctx.app, token, {
      repos: [{ url: 'https://github.com/a/keep' }, { url: 'https://github.com/a/drop' }],
    });
    const kept = created.repos[0]!;
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${created.id}`,
      headers: bearer(token),
      payload: {
        repos: [
          { url: 'git@github.com:a/keep.git', branch: 'develop' },
          { url: 'https://github.com/a/new' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const repos = response.json().data.repos;
    expect(repos).toHaveLength(2);
    expect(repos[0]).toMatchObject({
      id: kept.id,
      repo: 'keep',
      branch: 'develop',
      created_at: kept.created_at,
    });
    expect(repos[1]).toMatchObject({ repo: 'new' });
    expect(repos.map((r: { repo: string }) => r.repo)).not.toContain('drop');
  });

  it('changes nothing when an update is invalid', async () => {
    const { token } = await registerUser(ctx.app);
    const created = await createProject(ctx.app, token, {
      repos: [{ url: 'https://github.com/a/b' }],
    });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${created.id}`,
      headers: bearer(token),
      payload: {
        name: 'New name',
        repos: [{ url: 'https://github.com/a/c' }, { url: 'ftp://nope' }],
      },
    });
    expect(response.statusCode).toBe(400);
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${created.id}`,
      headers: bearer(token),
    });
    expect(after.json().data).toEqual(created);
  });

  it('allows every status change', async () => {
    const { token } = await registerUser(ctx.app);
    const created = await createProject(ctx.app, token);
    for (const status of ['inactive', 'archived', 'active', 'archived', 'inactive', 'active']) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/projects/${created.id}`,
        headers: bearer(token),
        payload: { status },
      });
      expect(response.json().data.status).toBe(status);
    }
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${created.id}`,
      headers: bearer(token),
      payload: { status: 'deleted' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes a project with its repositories and members', async () => {
    const { token } = await registerUser(ctx.app);
    const created = await createProject(ctx.app, token, {
      repos: [{ url: 'https://github.com/a/b' }],
    });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/projects/${created.id}/members`,
      headers: bearer(token),
      payload: { name: 'Deniz' },
    });
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${created.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: created.id, deleted: true });
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/projects/${created.id}`,
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(404);
    const counts = await ctx.database.db.execute(
      'select (select count(*) from project_repos)::int as repos, (select count(*) from project_members)::int as members' as never,
    );
    expect(JSON.stringify(counts)).toContain('"repos":0');
    expect(JSON.stringify(counts)).toContain('"members":0');
  });

  it.each(['not-a-uuid', '00000000-0000-0000-0000-000000000000'])(
    'answers 404 for the id %s',
    async (id) => {
      const { token } = await registerUser(ctx.app);
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const response = await ctx.app.inject({
          method,
          url: `/api/projects/${id}`,
          headers: bearer(token),
          payload: method === 'PUT' ? {} : undefined,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toMatchObject({
          code: 'NOT_FOUND',
          message: 'Project not found',
        });
      }
    },
  );
});
