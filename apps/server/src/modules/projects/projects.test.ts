import { describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/test-app.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';

const ctx = useTestApp();

describe('GET /api/projects', () => {
  it('needs a signed-in user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
  });

  it('lists only the caller’s own projects, newest change first', async () => {
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    expect(
      (
        await ctx.app.inject({ method: 'GET', url: '/api/projects', headers: bearer(alice.token) })
      ).json().data,
    ).toEqual([]);
    await ctx.database.db.insert(projects).values([
      { ownerId: alice.user.id, name: 'Older', updatedAt: new Date('2026-01-01T00:00:00Z') },
      {
        ownerId: alice.user.id,
        name: 'Newer',
        description: 'd',
        updatedAt: new Date('2026-02-01T00:00:00Z'),
      },
      { ownerId: bob.user.id, name: 'Bob’s' },
    ]);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/projects',
      headers: bearer(alice.token),
    });
    const list = response.json().data;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['Newer', 'Older']);
    expect(list[0]).toMatchObject({
      description: 'd',
      status: 'active',
      is_active: true,
      repo_count: 0,
      review_prompt: null,
    });
    expect(list[0].updated_at).toBe('2026-02-01T00:00:00.000Z');
  });
});
