import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '@rota/contracts';
import {
  ProjectListCache,
  toProjectSummary,
  listProjectsOfOwner,
} from './modules/projects/index.js';
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
  it('keep every list the database’s own after concurrent creates, updates and deletes', async () => {
    const { token, user } = await registerUser(ctx.app);
    const truth = async (status?: 'active' | 'archived') =>
      (await listProjectsOfOwner(ctx.database.db, user.id, status ? { status } : {})).map((row) =>
        toProjectSummary(row.project, Number(row.repoCount)),
      );
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const kept = await Promise.all(
      [0, 1, 2].map((n) => createProject(ctx.app, token, { name: `Kalan ${n}` })),
    );
    for (let round = 0; round < 4; round += 1) {
      // Lists read (and kept) between and during the writes, as under load.
      await list(token);
      await list(token, '?status=active');
      await Promise.all([
        ...[0, 1, 2, 3].map(async (n) => {
          const created = await send('POST', '/api/projects', { name: `Yeni ${round}.${n}` });
          await list(token);
          const { id } = created.json().data as { id: string };
          await send('PUT', `/api/projects/${id}`, { description: `değişti ${n}` });
          await list(token, '?status=active');
          if (n % 2 === 0) await send('DELETE', `/api/projects/${id}`);
        }),
        // Two writes of one project at once, one archiving it.
        send('PUT', `/api/projects/${kept[round % 3]!.id}`, { status: 'archived' }),
        send('PUT', `/api/projects/${kept[round % 3]!.id}`, { name: `Kalan ${round}` }),
        list(token),
      ]);
      expect(await list(token)).toEqual(await truth());
      expect(await list(token, '?status=active')).toEqual(await truth('active'));
      expect(await list(token, '?status=archived')).toEqual(await truth('archived'));
    }
    expect((await list(token)).length).toBe(3 + 4 * 2);
  });
});

describe('ProjectListCache', () => {
  const all = { status: 'all', search: '' } as const;
  const summary = (id: string, updatedAt: string): ProjectSummary => ({
    id,
    name: id,
    description: null,
    review_prompt: null,
    publish_reviews: false,
    status: 'active',
    is_active: true,
    repo_count: 0,
    created_at: updatedAt,
    updated_at: updatedAt,
  });
  const counting = (list: ProjectSummary[]) => {
    const load = async () => {
      load.calls += 1;
      return list;
    };
    load.calls = 0;
    return load;
  };

  it('keeps a list, puts a written project in its place, and forgets after a failed write', async () => {
    const cache = new ProjectListCache();
    const load = counting([summary('a', '2026-01-01T00:00:02.000Z')]);
    await cache.read('owner', all, load);
    const b = summary('b', '2026-01-01T00:00:03.000Z');
    await cache.writing(
      { ownerId: 'owner' },
      async () => b,
      (project) => ({ ownerId: 'owner', projectId: project.id, summary: project }),
    );
    expect((await cache.read('owner', all, load)).map(({ id }) => id)).toEqual(['b', 'a']);
    await cache.writing(
      { ownerId: 'owner', projectId: 'a' },
      async () => true,
      () => ({ ownerId: 'owner', projectId: 'a', removed: true }),
    );
    expect((await cache.read('owner', all, load)).map(({ id }) => id)).toEqual(['b']);
    expect(load.calls).toBe(1);
    await expect(
      cache.writing(
        { ownerId: 'owner', projectId: 'b' },
        () => Promise.reject(new Error('rolled back')),
        () => null,
      ),
    ).rejects.toThrow();
    await cache.read('owner', all, load);
    expect(load.calls).toBe(2);
  });

  it('keeps other owners’ lists through a write', async () => {
    const cache = new ProjectListCache();
    const load = counting([]);
    await cache.read('other', all, load);
    await cache.writing(
      { ownerId: 'owner' },
      async () => undefined,
      () => ({ ownerId: 'owner', forget: true }),
    );
    await cache.read('other', all, load);
    expect(load.calls).toBe(1);
  });

  it('applies the writes that settled while a list was read, and keeps it', async () => {
    const cache = new ProjectListCache();
    let finishRead!: (list: ProjectSummary[]) => void;
    const reading = cache.read(
      'owner',
      all,
      () => new Promise((resolve) => (finishRead = resolve)),
    );
    const b = summary('b', '2026-01-01T00:00:03.000Z');
    await cache.writing(
      { ownerId: 'owner' },
      async () => b,
      () => ({ ownerId: 'owner', projectId: 'b', summary: b }),
    );
    // The read did not see the write: it answers what it read, and keeps it with the write.
    finishRead([summary('a', '2026-01-01T00:00:02.000Z')]);
    expect((await reading).map(({ id }) => id)).toEqual(['a']);
    const load = counting([]);
    expect((await cache.read('owner', all, load)).map(({ id }) => id)).toEqual(['b', 'a']);
    expect(load.calls).toBe(0);
  });

  it('forgets when two writes of one project overlapped (they may settle out of order)', async () => {
    const cache = new ProjectListCache();
    const load = counting([summary('a', '2026-01-01T00:00:02.000Z')]);
    await cache.read('owner', all, load);
    let finishFirst!: () => void;
    const first = cache.writing(
      { ownerId: 'owner', projectId: 'a' },
      () => new Promise<void>((resolve) => (finishFirst = resolve)),
      () => ({
        ownerId: 'owner',
        projectId: 'a',
        summary: summary('a', '2026-01-01T00:00:05.000Z'),
      }),
    );
    await cache.writing(
      { ownerId: 'owner', projectId: 'a' },
      async () => undefined,
      () => ({
        ownerId: 'owner',
        projectId: 'a',
        summary: summary('a', '2026-01-01T00:00:04.000Z'),
      }),
    );
    finishFirst();
    await first;
    await cache.read('owner', all, load);
    expect(load.calls).toBe(2);
  });

  it('forgets a list it cannot patch exactly: a search, or the same millisecond as another', async () => {
    const cache = new ProjectListCache();
    const searched = counting([]);
    const load = counting([summary('a', '2026-01-01T00:00:02.000Z')]);
    await cache.read('owner', { status: 'all', search: 'x' }, searched);
    await cache.read('owner', all, load);
    const b = summary('b', '2026-01-01T00:00:02.000Z');
    await cache.writing(
      { ownerId: 'owner' },
      async () => b,
      () => ({ ownerId: 'owner', projectId: 'b', summary: b }),
    );
    await cache.read('owner', { status: 'all', search: 'x' }, searched);
    await cache.read('owner', all, load);
    expect([searched.calls, load.calls]).toEqual([2, 2]);
  });
});
