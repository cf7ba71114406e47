import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '@rota/contracts';
import { ProjectListCache } from './modules/projects/list-cache.js';
import { singleProcessCaches } from './single-process.js';
import { bearer, registerUser } from './testing/auth-helpers.js';
import { createProject } from './testing/project-helpers.js';
import { useTestApp } from './testing/test-app.js';

// Runs on PGlite (the caches are on) and with TEST_DATABASE_URL on PostgreSQL (they are off): the
// answers must be the same, every write showing at the next request.
const ctx = useTestApp({ startQueue: false });
const embedded = () => ctx.database.driver === 'pglite';

async function list(token: string, query = ''): Promise<ProjectSummary[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/projects${query}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as ProjectSummary[];
}

describe('single-process caches', () => {
  it('are made for embedded PGlite only', async () => {
    const caches = await singleProcessCaches(ctx.database);
    expect(Object.keys(caches).sort()).toEqual(
      embedded() ? ['analysisAnswers', 'projectLists', 'users'] : [],
    );
  });

  it('answer 401 at the next request of a user deleted by SQL, also inside a transaction', async () => {
    for (const remove of [
      (id: string) => ctx.database.db.execute(sql`delete from users where id = ${id}`),
      (id: string) =>
        ctx.database.db.transaction(async (tx) => {
          await tx.execute(sql`delete from users where id = ${id}`);
        }),
      () => ctx.database.reset(),
    ]) {
      const { token, user } = await registerUser(ctx.app);
      // Twice: the second answer comes from what the first remembered.
      expect((await list(token)).length).toBe(0);
      expect((await list(token)).length).toBe(0);
      await remove(user.id);
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/projects',
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('TOKEN_INVALID');
    }
  });

  it('show every project write in the next list', async () => {
    const { token } = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, { name: 'Önce' });
    expect((await list(token)).map(({ name }) => name)).toEqual(['Önce']);
    expect(await list(other.token)).toEqual([]);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers: bearer(token),
      payload: { name: 'Sonra', status: 'archived' },
    });
    expect(put.statusCode).toBe(200);
    expect((await list(token)).map(({ name, status }) => [name, status])).toEqual([
      ['Sonra', 'archived'],
    ]);
    expect(await list(token, '?status=active')).toEqual([]);
    expect((await list(token, '?search=sonra')).length).toBe(1);

    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/repos`,
      headers: bearer(token),
      payload: { url: 'https://github.com/acme/api' },
    });
    expect(added.statusCode).toBe(201);
    const [withRepo] = await list(token);
    expect(withRepo!.repo_count).toBe(1);

    const member = await ctx.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/members`,
      headers: bearer(token),
      payload: { name: 'Deniz' },
    });
    expect(member.statusCode).toBe(201);
    expect((await list(token))[0]!.updated_at >= withRepo!.updated_at).toBe(true);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${project.id}/repos?repoId=${added.json().data.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(200);
    expect((await list(token))[0]!.repo_count).toBe(0);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${project.id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await list(token)).toEqual([]);
  });
});

describe('ProjectListCache', () => {
  it('keeps a list, and drops it with every write, even a failed one', async () => {
    const cache = new ProjectListCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      return [];
    };
    await cache.read('a', load);
    await cache.read('a', load);
    expect(loads).toBe(1);
    await expect(cache.writing(() => Promise.reject(new Error('rolled back')))).rejects.toThrow();
    await cache.read('a', load);
    expect(loads).toBe(2);
  });

  it('does not keep a list read while a write was under way', async () => {
    const cache = new ProjectListCache();
    let finishRead!: (list: ProjectSummary[]) => void;
    const reading = cache.read('a', () => new Promise((resolve) => (finishRead = resolve)));
    await cache.writing(async () => undefined);
    finishRead([]);
    await reading;
    let loads = 0;
    await cache.read('a', async () => {
      loads += 1;
      return [];
    });
    expect(loads).toBe(1);
  });
});
