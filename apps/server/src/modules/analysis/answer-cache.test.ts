import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createFixtureRepo } from '../../testing/git-fixtures.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import { analyzeDedupeKey } from './job-key.js';

// Runs on PGlite (stored-analysis answers are kept, single-process.ts) and with TEST_DATABASE_URL
// on PostgreSQL (they are not): the answers must be the same, every write of a row an answer is
// read from — by a route or by bare SQL — showing at the next request.
const ctx = useTestApp({
  config: {
    allowLocalRepos: true,
    analysisWaitMs: 0,
    repoStore: { maxSizeBytes: 50 * 1024 * 1024, cloneTimeoutMs: 30_000, freshnessMs: 60_000 },
  },
});

/** The structure job's key for a repository saved without a branch (its default branch). */
const structureJobKey = (url: string) =>
  analyzeDedupeKey({ repoUrl: url, branch: null, kind: 'structure' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function read(token: string, projectId: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/structure-analysis`,
    headers: bearer(token),
  });
}

/** The project's first entry once its analysis is stored and no job of it runs. */
async function analysed(token: string, projectId: string) {
  for (let i = 0; i < 300; i += 1) {
    const response = await read(token, projectId);
    const entry = response.statusCode === 200 ? response.json().data.repositories[0] : null;
    if (entry?.status === 'ready' && !['queued', 'running'].includes(entry.job?.status))
      return entry;
    await sleep(100);
  }
  throw new Error('no stored structure analysis in time');
}

/** Reads twice (the second answer is the kept one, embedded) and returns the second's entries. */
async function readTwice(token: string, projectId: string) {
  const first = await read(token, projectId);
  const second = await read(token, projectId);
  expect(second.statusCode).toBe(first.statusCode);
  if (second.statusCode !== 200) return second.statusCode;
  expect(second.body).toBe(first.body);
  return second.json().data.repositories;
}

const execute = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);

describe('stored-analysis answers kept in memory (embedded)', () => {
  it('show every write of what they are read from at the next request', async () => {
    const repo = createFixtureRepo();
    repo.commitFile('src/a.ts', 'export const a = 1;\n');
    const alice = await registerUser(ctx.app);
    const bob = await registerUser(ctx.app);
    const project = await createProject(ctx.app, alice.token, { repos: [{ url: repo.dir }] });
    const other = await createProject(ctx.app, alice.token, { repos: [{ url: repo.dir }] });
    await analysed(alice.token, project.id);
    await analysed(alice.token, other.id);
    const [entry] = await readTwice(alice.token, project.id);
    await readTwice(alice.token, other.id);

    // The repository renamed through the route, then by SQL.
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers: bearer(alice.token),
      payload: { repos: [{ url: repo.dir, name: 'Yeni ad' }] },
    });
    expect(put.statusCode).toBe(200);
    expect((await readTwice(alice.token, project.id))[0].name).toBe('Yeni ad');
    await execute(sql`update project_repos set name = 'SQL adı' where project_id = ${project.id}`);
    expect((await readTwice(alice.token, project.id))[0].name).toBe('SQL adı');
    // The other project's answer did not change with them.
    expect((await readTwice(alice.token, other.id))[0].name).not.toBe('SQL adı');

    // The mirror, the shared job (another project's answer too), the user's handle.
    await execute(sql`update repo_mirrors set default_branch = 'trunk' where url = ${repo.dir}`);
    expect((await readTwice(alice.token, project.id))[0].defaultBranch).toBe('trunk');
    expect((await readTwice(alice.token, other.id))[0].defaultBranch).toBe('trunk');
    await execute(sql`update jobs set attempts = 7 where dedupe_key like ${`%:${repo.dir}`}`);
    expect((await readTwice(alice.token, project.id))[0].job.attempts).toBe(7);
    await execute(
      sql`update job_handles set cancelled_at = '2000-01-01' where project_id = ${project.id}`,
    );
    const cancelled = (await readTwice(alice.token, project.id))[0];
    expect(cancelled.job.status).toBe('cancelled');
    expect(cancelled.stale).toBe(false);

    // A new analysis stored: the job now points at another result (the answer's commit).
    await execute(sql`insert into analysis_results (repo_url, kind, revision, commit_sha, analyzer_version, result)
      select repo_url, kind, 'f'||revision, 'feedc0de', analyzer_version, result from analysis_results
      where commit_sha = ${entry.commit} and kind = 'structure'`);
    await execute(sql`update jobs set result = jsonb_build_object('resultId',
      (select id from analysis_results where commit_sha = 'feedc0de'))
      where dedupe_key = ${structureJobKey(repo.dir)} and status = 'succeeded'`);
    expect((await readTwice(alice.token, project.id))[0].commit).toBe('feedc0de');

    // Access: the project given to Bob by SQL, then deleted; every table emptied.
    await execute(sql`update projects set owner_id = ${bob.user.id} where id = ${project.id}`);
    expect(await readTwice(alice.token, project.id)).toBe(404);
    expect((await readTwice(bob.token, project.id))[0].commit).toBe('feedc0de');
    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/projects/${other.id}`,
      headers: bearer(alice.token),
    });
    expect(await readTwice(alice.token, other.id)).toBe(404);
    await ctx.database.reset();
    const gone = await read(bob.token, project.id);
    expect(gone.statusCode).toBe(401);
    repo.remove();
  });

  it('start the fetch a mirror leaving its freshness window asks for, as without them', async () => {
    const repo = createFixtureRepo();
    repo.commitFile('src/a.ts', 'export const a = 1;\n');
    const { token } = await registerUser(ctx.app);
    const project = await createProject(ctx.app, token, { repos: [{ url: repo.dir }] });
    await analysed(token, project.id);
    const jobCount = async () => {
      const { rows } = (await execute(
        sql`select count(*)::int as n from jobs where dedupe_key = ${structureJobKey(repo.dir)}`,
      )) as { rows: Array<{ n: number }> };
      return Number(rows[0]!.n);
    };
    const jobs = await jobCount();
    // The window (60 s) ends 1.5 s from now: until then reads start nothing, then one does.
    await execute(
      sql`update repo_mirrors set last_fetched_at = now() - interval '58.5 seconds' where url = ${repo.dir}`,
    );
    await readTwice(token, project.id);
    expect(await jobCount()).toBe(jobs);
    await sleep(1600);
    await read(token, project.id);
    expect(await jobCount()).toBe(jobs + 1);
    // Its end would write a result while the next test runs.
    await analysed(token, project.id);
    repo.remove();
  });
});
