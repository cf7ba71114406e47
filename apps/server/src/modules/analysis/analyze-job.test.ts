import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ALL_ANALYSIS_KINDS } from '@rota/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { analysisResults } from '../../db/schema/index.js';
import { DeferJobError, PermanentJobError, type JobContext } from '../../jobs/types.js';
import { MirrorStore } from '../../repo-store/mirror-store.js';
import { createFixtureRepo, type FixtureRepo } from '../../testing/git-fixtures.js';
import {
  addQuirkyHistory,
  treeEntry,
  writeCommit,
  writeRawObject,
  writeTree,
} from '../../testing/quirky-history.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.js';
import { testEvents } from '../../testing/test-events.js';
import { createAnalyzeHandler } from './analyze-job.js';
import { defaultEngine } from './default-engine.js';

let database: TestDatabase;
let reposDir: string;
let source: FixtureRepo;

function mirrors() {
  return new MirrorStore(database.db, {
    reposDir,
    allowLocalRepos: true,
    allowPrivateHosts: false,
    maxSizeBytes: 50 * 1024 * 1024,
    timeoutMs: 30_000,
    freshnessMs: 0,
  });
}

function context(): JobContext {
  return {
    jobId: 'job',
    attempt: 1,
    signal: new AbortController().signal,
    progress: async () => undefined,
  };
}

function handler(store = mirrors()) {
  return createAnalyzeHandler({
    db: database.db,
    mirrors: store,
    engine: defaultEngine,
    events: testEvents(),
  });
}

/**
 * Runs a job the way the queue does: a job that gives its worker back (DeferJobError, e.g. the
 * mirror is busy with another worker's fetch — what a loaded machine makes likely) comes again.
 */
async function asTheQueueRuns<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof DeferJobError) || attempt >= 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Counts real clones (the private step that runs git fetch into a new mirror) without replacing them. */
function countClones() {
  return vi.spyOn(MirrorStore.prototype as unknown as { clone: () => Promise<unknown> }, 'clone');
}

beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  await database.reset();
  reposDir = mkdtempSync(path.join(tmpdir(), 'rota-analyze-job-'));
  source = createFixtureRepo('main');
  source.commitFile('README.md', '# fixture\n');
});
afterEach(() => {
  vi.restoreAllMocks();
  source.remove();
});
afterAll(async () => {
  await database.destroy();
});

describe('analyze job', () => {
  it('runs every analysis kind on a history with fsck quirks', async () => {
    const head = addQuirkyHistory(source);
    const run = handler();
    for (const kind of ALL_ANALYSIS_KINDS) {
      const outcome = await run({ repoUrl: source.dir, branch: 'main', kind }, context());
      expect(outcome, kind).toMatchObject({ resultId: expect.any(String), reused: false });
    }
    const rows = await database.db
      .select({ kind: analysisResults.kind, commit: analysisResults.commitSha })
      .from(analysisResults);
    expect(rows.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual(
      [...ALL_ANALYSIS_KINDS].sort().map((kind) => ({ kind, commit: head })),
    );
  });

  it("stores only results that match their kind's schema, since reads send the stored text as is", async () => {
    // The real engine's structure result, with one field broken the way a faulty engine might.
    const faulty = {
      ...defaultEngine,
      run: async (...args: Parameters<typeof defaultEngine.run>) => {
        const result = (await defaultEngine.run(...args)) as { structure: object };
        return { ...result, structure: { ...result.structure, totals: 'many' } };
      },
    };
    const run = createAnalyzeHandler({
      db: database.db,
      mirrors: mirrors(),
      engine: faulty,
      events: testEvents(),
    });
    const failure = run({ repoUrl: source.dir, branch: 'main', kind: 'structure' }, context());
    await expect(failure).rejects.toBeInstanceOf(PermanentJobError);
    await expect(failure).rejects.toMatchObject({
      code: 'ANALYSIS_RESULT_INVALID',
      message: expect.stringContaining('structure.totals'),
    });
    expect(await database.db.select().from(analysisResults)).toEqual([]);
  });

  it('fails a permanent fetch failure once: four analyses, one fetch, no retry', async () => {
    const tree = writeTree(source, [
      treeEntry('100644', '..', writeRawObject(source, 'blob', 'payload\n')),
    ]);
    const parent = source.git('rev-parse', 'HEAD').trim();
    const identity = [
      'author A <a@e.com> 1700000000 +0000',
      'committer A <a@e.com> 1700000000 +0000',
    ];
    source.git(
      'update-ref',
      'refs/heads/main',
      writeCommit(source, { tree, parent, identity, message: 'x' }),
    );
    const clones = countClones();
    // Two stores stand for two worker processes: they share the failure through the database.
    const [one, two] = [handler(), handler()];
    const kinds = ['structure', 'readme', 'diagram', 'history'] as const;
    const outcomes = await Promise.allSettled(
      kinds.map((kind, index) =>
        asTheQueueRuns(() =>
          (index % 2 ? two : one)({ repoUrl: source.dir, branch: 'main', kind }, context()),
        ),
      ),
    );
    // A page view a little later (not forced) is answered from memory too.
    outcomes.push(
      ...(await Promise.allSettled([
        one({ repoUrl: source.dir, branch: 'main', kind: 'branches' }, context()),
      ])),
    );
    expect(clones).toHaveBeenCalledTimes(1);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(PermanentJobError);
      expect(error).toMatchObject({ code: 'REPO_OBJECTS_REJECTED' });
      expect(error.message).toMatch(/hasDotdot/);
    }
    // The user's retry (forced) fetches again.
    await expect(
      one({ repoUrl: source.dir, branch: 'main', kind: 'structure', force: true }, context()),
    ).rejects.toMatchObject({ code: 'REPO_OBJECTS_REJECTED' });
    expect(clones).toHaveBeenCalledTimes(2);
  });

  it('leaves transient failures (a refused connection) to the queue to retry', async () => {
    const run = handler(
      new MirrorStore(database.db, {
        reposDir,
        allowLocalRepos: false,
        // Only so that git gets to connect to a closed local port, as it would to a host that is down.
        allowPrivateHosts: true,
        maxSizeBytes: 50 * 1024 * 1024,
        timeoutMs: 30_000,
        freshnessMs: 0,
      }),
    );
    const failure = run(
      { repoUrl: 'https://127.0.0.1:1/acme/app', branch: 'main', kind: 'structure' },
      context(),
    );
    await expect(failure).rejects.toMatchObject({ code: 'REPO_NETWORK_UNREACHABLE' });
    await expect(failure).rejects.not.toBeInstanceOf(PermanentJobError);
  });

  it('tells work.failed on the last failed attempt only, naming the fetch', async () => {
    const events = testEvents();
    const failed: unknown[] = [];
    events.on('work.failed', (event) => void failed.push(event));
    const run = createAnalyzeHandler({
      db: database.db,
      mirrors: new MirrorStore(database.db, {
        reposDir,
        allowLocalRepos: false,
        // A closed local port, as a host that is down.
        allowPrivateHosts: true,
        maxSizeBytes: 50 * 1024 * 1024,
        timeoutMs: 30_000,
        freshnessMs: 0,
      }),
      engine: defaultEngine,
      events,
    });
    const payload = { repoUrl: 'https://127.0.0.1:1/acme/app', branch: 'main', kind: 'structure' };
    await expect(run(payload, { ...context(), attempt: 1, maxAttempts: 2 })).rejects.toThrow();
    expect(failed).toEqual([]);
    await expect(run(payload, { ...context(), attempt: 2, maxAttempts: 2 })).rejects.toMatchObject({
      code: 'REPO_NETWORK_UNREACHABLE',
    });
    expect(failed).toEqual([
      {
        work: 'fetch',
        repository: { url: payload.repoUrl, owner: null, repo: null },
        projectIds: [],
        code: 'REPO_NETWORK_UNREACHABLE',
        message: expect.any(String),
        jobId: 'job',
      },
    ]);
  });

  it('names the default branch when the branch asked for does not exist', async () => {
    const master = createFixtureRepo('master');
    try {
      master.commitFile('README.md', '# gin-like\n');
      await expect(
        handler()({ repoUrl: master.dir, branch: 'main', kind: 'structure' }, context()),
      ).rejects.toMatchObject({
        code: 'UNKNOWN_REF',
        message: 'Branch "main" does not exist in the repository; its default branch is "master"',
      });
    } finally {
      master.remove();
    }
  });
});
