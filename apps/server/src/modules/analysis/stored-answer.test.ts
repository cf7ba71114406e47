import {
  JobSummarySchema,
  ProjectAnalysisResponseSchema,
  RepoAnalysisEntrySchema,
  StoredAnalysisResultSchemas,
  successEnvelope,
} from '@rota/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { analysisResults } from '../../db/schema/index.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createFixtureRepo } from '../../testing/git-fixtures.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import { StoredResults } from './stored-results.js';

// The stored-analysis read path sends result texts it keeps in memory by row id (stored-results.ts).
// These tests hold it to its promise: never another user's result, never a stale one, and the
// same answer the schema describes. Real repositories, the real engine and queue.
const ctx = useTestApp({
  config: {
    allowLocalRepos: true,
    analysisWaitMs: 0,
    repoStore: { maxSizeBytes: 50 * 1024 * 1024, cloneTimeoutMs: 30_000, freshnessMs: 60_000 },
  },
});

async function analysed(token: string, projectId: string) {
  const url = `/api/projects/${projectId}/structure-analysis`;
  for (let i = 0; i < 300; i += 1) {
    const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
    const entry = response.statusCode === 200 ? response.json().data.repositories[0] : null;
    if (entry?.status === 'ready' && !['queued', 'running'].includes(entry.job?.status))
      return { response, entry };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no stored structure analysis in time');
}

async function storedRow(id: string) {
  const [row] = await ctx.database.db
    .select()
    .from(analysisResults)
    .where(eq(analysisResults.id, id));
  return row!;
}

function repository(files: number) {
  const repo = createFixtureRepo();
  for (let i = 0; i < files; i += 1) repo.commitFile(`src/file${i}.ts`, `export const n = ${i};\n`);
  return repo;
}

describe('stored analysis answers', () => {
  it('is the stored result and the schema, field for field, and nothing more', async () => {
    const repo = repository(2);
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, { repos: [{ url: repo.dir }] });
    const { response, entry } = await analysed(token, project.id);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(successEnvelope(ProjectAnalysisResponseSchema).safeParse(body).error).toBe(undefined);
    expect(StoredAnalysisResultSchemas.structure.safeParse(entry.result).error).toBe(undefined);
    // Only the fields the schema names (the zod serializer used to strip any others).
    expect(Object.keys(body).sort()).toEqual(['data', 'success']);
    expect(Object.keys(body.data).sort()).toEqual(['kind', 'projectId', 'repositories']);
    expect(Object.keys(entry).sort()).toEqual(Object.keys(RepoAnalysisEntrySchema.shape).sort());
    expect(Object.keys(entry.job).sort()).toEqual(Object.keys(JobSummarySchema.shape).sort());
    const [row] = await ctx.database.db
      .select()
      .from(analysisResults)
      .where(eq(analysisResults.commitSha, entry.commit));
    expect(entry.result).toEqual(row!.result);
    expect(entry.result.structure.totals.files).toBe(2);
    repo.remove();
  });

  it("never hands a cached result to someone who may not read it, nor a result that is not the project's", async () => {
    const shared = repository(2);
    const other = repository(4);
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    const mallory = await registerUser(ctx.app);
    const alices = await createProject(ctx.app, alice.token, { repos: [{ url: shared.dir }] });
    const first = await analysed(alice.token, alices.id);

    // Cached now; Mallory's token is valid but the project is not hers: 404, no result.
    for (const method of ['GET', 'POST'] as const) {
      const response = await ctx.app.inject({
        method,
        url: `/api/projects/${alices.id}/structure-analysis`,
        headers: bearer(mallory.token),
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('"structure"');
    }
    // Bob adds the same repository: the same stored row (results are shared by revision), read
    // through his own project and his own handle.
    const bobs = await createProject(ctx.app, bob.token, { repos: [{ url: shared.dir }] });
    const seenByBob = await analysed(bob.token, bobs.id);
    expect(seenByBob.entry.commit).toBe(first.entry.commit);
    expect(seenByBob.entry.result).toEqual(first.entry.result);
    expect(seenByBob.entry.job.id).not.toBe(first.entry.job.id);
    // Mallory's own project answers with her repository's result, not the cached one.
    const mallorys = await createProject(ctx.app, mallory.token, { repos: [{ url: other.dir }] });
    const seenByMallory = await analysed(mallory.token, mallorys.id);
    expect(seenByMallory.entry.result.structure.totals.files).toBe(4);
    // A deleted project answers 404 though its result stays cached.
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${alices.id}`,
      headers: bearer(alice.token),
    });
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${alices.id}/structure-analysis`,
      headers: bearer(alice.token),
    });
    expect(gone.statusCode).toBe(404);
    shared.remove();
    other.remove();
  });

  it('answers 304 to the tag of unchanged bytes, only after the access check', async () => {
    const repo = repository(1);
    const alice = await registerUser(ctx.app);
    const mallory = await registerUser(ctx.app);
    const project = await createProject(ctx.app, alice.token, { repos: [{ url: repo.dir }] });
    const url = `/api/projects/${project.id}/structure-analysis`;
    const { response } = await analysed(alice.token, project.id);
    const tag = response.headers.etag as string;
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const ask = (token: string, ifNoneMatch: string) =>
      ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(token), 'if-none-match': ifNoneMatch },
      });
    const again = await ask(alice.token, `"other", W/${tag}`);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await ask(alice.token, '"other"')).statusCode).toBe(200);
    // The tag is no key: without access it is the same 404 as without it.
    expect((await ask(mallory.token, tag)).statusCode).toBe(404);
    expect((await ask(mallory.token, '*')).statusCode).toBe(404);
    // Different bytes (here the repository's display name), a different tag.
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers: bearer(alice.token),
      payload: { repos: [{ url: repo.dir, name: 'Renamed' }] },
    });
    const renamed = await ask(alice.token, tag);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).not.toBe(tag);
    repo.remove();
  });

  it('shows the new result after a new commit is analysed, not the cached one', async () => {
    const repo = repository(1);
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, { repos: [{ url: repo.dir }] });
    const before = await analysed(token, project.id);
    expect(before.entry.result.structure.totals.files).toBe(1);
    const head = repo.commitFile('src/more.ts', 'export const more = 1;\n');
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: `/api/projects/${project.id}/structure-analysis`,
      headers: bearer(token),
    });
    expect(refreshed.statusCode).toBe(200);
    let after = await analysed(token, project.id);
    for (let i = 0; after.entry.commit !== head && i < 100; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await analysed(token, project.id);
    }
    expect(after.entry.commit).toBe(head);
    expect(after.entry.stale).toBe(false);
    expect(after.entry.result.structure.totals.files).toBe(2);
    repo.remove();
  });
});

describe('StoredResults', () => {
  it('keeps texts within its byte budget, least recently used out first', async () => {
    const repos = [repository(1), repository(3)];
    const { token } = await registerUser(ctx.app);
    const ids: string[] = [];
    for (const repo of repos) {
      const project = await createProject(ctx.app, token, { repos: [{ url: repo.dir }] });
      const { entry } = await analysed(token, project.id);
      const [row] = await ctx.database.db
        .select({ id: analysisResults.id })
        .from(analysisResults)
        .where(eq(analysisResults.commitSha, entry.commit));
      ids.push(row!.id);
    }
    const [a, b] = ids as [string, string];
    const texts = await Promise.all(
      ids.map(async (id) => JSON.stringify((await storedRow(id)).result)),
    );
    // Room for the larger of the two texts, not for both.
    const results = new StoredResults(
      ctx.database.db,
      Math.max(...texts.map((text) => text.length * 2)),
    );
    expect((await results.textsOf([a])).get(a)).toBe(texts[0]);
    expect((await results.textsOf([b])).get(b)).toBe(texts[1]);
    expect(results.size).toBe(1);
    // Which one is held shows once both rows are gone from the table: only b still answers.
    await ctx.database.db.delete(analysisResults);
    expect((await results.textsOf([a])).has(a)).toBe(false);
    expect((await results.textsOf([b])).get(b)).toBe(texts[1]);
    // A text larger than the whole budget is answered but not kept.
    const tiny = new StoredResults(ctx.database.db, 16);
    expect((await tiny.textsOf([b])).size).toBe(0);
    for (const repo of repos) repo.remove();
  });
});
