import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';

const ctx = useTestApp();

describe('a second user cannot see or touch another user’s project', () => {
  it('gets 404 on every project route and changes nothing', async () => {
    const alice = await registerUser(ctx.app);
    const mallory = await registerUser(ctx.app);
    const project = await createProject(ctx.app, alice.token, {
      repos: [{ url: 'https://github.com/a/b' }],
    });
    const member = (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/projects/${project.id}/members`,
        headers: bearer(alice.token),
        payload: { name: 'Deniz' },
      })
    ).json().data;
    const before = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/projects/${project.id}`,
        headers: bearer(alice.token),
      })
    ).json().data;

    const id = project.id;
    const attempts: Array<[string, string, object | undefined]> = [
      ['GET', `/api/projects/${id}`, undefined],
      ['PUT', `/api/projects/${id}`, { name: 'Hijacked' }],
      ['DELETE', `/api/projects/${id}`, undefined],
      ['GET', `/api/projects/${id}/repositories`, undefined],
      ['POST', `/api/projects/${id}/repos`, { url: 'https://github.com/evil/repo' }],
      ['DELETE', `/api/projects/${id}/repos`, { repoId: project.repos[0]!.id }],
      ['GET', `/api/projects/${id}/members`, undefined],
      ['POST', `/api/projects/${id}/members`, { name: 'Intruder' }],
      ['DELETE', `/api/projects/${id}/members`, { memberId: member.id }],
      ['DELETE', `/api/projects/${id}/members/${member.id}`, undefined],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers: bearer(mallory.token),
        payload,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/projects',
      headers: bearer(mallory.token),
    });
    expect(list.json().data).toEqual([]);
    const after = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/projects/${project.id}`,
        headers: bearer(alice.token),
      })
    ).json().data;
    expect(after).toEqual(before);
  });
});
