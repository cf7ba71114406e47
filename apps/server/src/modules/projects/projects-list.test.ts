import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';

const ctx = useTestApp();

async function names(token: string, query = ''): Promise<string[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/projects${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.map((project: { name: string }) => project.name);
}

describe('GET /api/projects', () => {
  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
  });

  it('lists only the caller’s projects, most recently changed first, with repo counts', async () => {
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    expect(await names(alice.token)).toEqual([]);
    const first = await createProject(ctx.app, alice.token, {
      name: 'First',
      repos: [{ url: 'https://github.com/a/b' }],
    });
    await createProject(ctx.app, alice.token, { name: 'Second' });
    await createProject(ctx.app, bob.token, { name: 'Bob project' });
    expect(await names(alice.token)).toEqual(['Second', 'First']);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${first.id}`,
      headers: bearer(alice.token),
      payload: { description: 'touched' },
    });
    expect(await names(alice.token)).toEqual(['First', 'Second']);
    const list = (
      await ctx.app.inject({ method: 'GET', url: '/api/projects', headers: bearer(alice.token) })
    ).json().data;
    expect(list[0]).toMatchObject({ name: 'First', repo_count: 1, description: 'touched' });
    expect(list[0]).not.toHaveProperty('repos');
  });

  it('searches name and description, case-insensitively, with Turkish letters', async () => {
    const { token } = await registerUser(ctx.app);
    await createProject(ctx.app, token, { name: 'İSTANBUL Ofisi' });
    await createProject(ctx.app, token, { name: 'Işık Panosu' });
    await createProject(ctx.app, token, {
      name: 'Backend',
      description: 'Şirket içi ödeme sistemi',
    });
    await createProject(ctx.app, token, { name: 'Unrelated' });
    const search = (text: string) => names(token, `?search=${encodeURIComponent(text)}`);
    expect(await search('istanbul')).toEqual(['İSTANBUL Ofisi']);
    expect(await search('İstanbul')).toEqual(['İSTANBUL Ofisi']);
    expect(await search('ışık')).toEqual(['Işık Panosu']);
    expect(await search('ISIK')).toEqual(['Işık Panosu']);
    expect(await search('şirket')).toEqual(['Backend']);
    expect(await search('ODEME')).toEqual(['Backend']);
    expect(await search('nothing-matches')).toEqual([]);
    expect((await search('')).length).toBe(4);
  });

  it('treats % and _ in a search literally', async () => {
    const { token } = await registerUser(ctx.app);
    await createProject(ctx.app, token, { name: '100% uptime' });
    await createProject(ctx.app, token, { name: 'Plain' });
    expect(await names(token, `?search=${encodeURIComponent('%')}`)).toEqual(['100% uptime']);
    expect(await names(token, `?search=_`)).toEqual([]);
  });

  it('filters by status, all by default', async () => {
    const { token } = await registerUser(ctx.app);
    const archived = await createProject(ctx.app, token, { name: 'Old' });
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${archived.id}`,
      headers: bearer(token),
      payload: { status: 'archived' },
    });
    await createProject(ctx.app, token, { name: 'Live' });
    expect(await names(token)).toEqual(['Live', 'Old']);
    expect(await names(token, '?status=all')).toEqual(['Live', 'Old']);
    expect(await names(token, '?status=archived')).toEqual(['Old']);
    expect(await names(token, '?status=active')).toEqual(['Live']);
    expect(await names(token, '?status=inactive')).toEqual([]);
    expect(await names(token, '?status=active&search=liv&include_github=true')).toEqual(['Live']);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/projects?status=deleted',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
  });
});
