import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { projectRepos, projects, users } from '../db/schema/index.js';
import { createFixtureRepo, type FixtureRepo } from '../testing/git-fixtures.js';
import { acquireMirrorLock } from './mirror-lock.js';
import { capturedLogger } from '../testing/captured-logger.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js';
import {
  MIRROR_WAIT_STAGE,
  MirrorBusyError,
  MirrorStore,
  type MirrorStoreOptions,
} from './mirror-store.js';

let database: TestDatabase;
let reposDir: string;
let source: FixtureRepo;
const resolver = async (host: string) => (host === 'github.com' ? ['140.82.112.3'] : ['10.0.0.9']);

function store(overrides: Partial<MirrorStoreOptions> = {}) {
  return new MirrorStore(database.db, {
    reposDir,
    allowLocalRepos: true,
    allowPrivateHosts: false,
    maxSizeBytes: 50 * 1024 * 1024,
    timeoutMs: 30_000,
    freshnessMs: 60_000,
    resolver,
    ...overrides,
  });
}

const headOf = (gitDir: string, branch = 'main') =>
  execFileSync('git', [`--git-dir=${gitDir}`, 'rev-parse', `refs/heads/${branch}`])
    .toString()
    .trim();

beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  await database.reset();
  reposDir = mkdtempSync(path.join(tmpdir(), 'rota-mirrors-'));
  source = createFixtureRepo('trunk');
  source.commitFile('README.md', '# fixture\n');
});
afterAll(async () => {
  await database.destroy();
});

describe('MirrorStore', () => {
  it('clones a bare mirror with the default branch, then reuses it while fresh', async () => {
    const mirrors = store();
    const first = await mirrors.sync(source.dir);
    expect(first).toMatchObject({ fetched: true, defaultBranch: 'trunk' });
    expect(existsSync(path.join(first.gitDir, 'HEAD'))).toBe(true);
    expect(existsSync(path.join(first.gitDir, 'refs'))).toBe(true);
    expect(headOf(first.gitDir, 'trunk')).toBe(source.git('rev-parse', 'HEAD').trim());
    const second = await mirrors.sync(source.dir);
    expect(second).toMatchObject({ gitDir: first.gitDir, fetched: false });
  });

  it('fetches new commits when forced, and when the mirror is older than the freshness window', async () => {
    const mirrors = store({ freshnessMs: 0 });
    const { gitDir } = await mirrors.sync(source.dir);
    const next = source.commitFile('a.txt', 'a\n');
    expect((await mirrors.sync(source.dir)).fetched).toBe(true);
    expect(headOf(gitDir, 'trunk')).toBe(next);
    const fresh = store({ freshnessMs: 60_000 });
    const newer = source.commitFile('b.txt', 'b\n');
    expect((await fresh.sync(source.dir)).fetched).toBe(false);
    expect((await fresh.sync(source.dir, { force: true })).fetched).toBe(true);
    expect(headOf(gitDir, 'trunk')).toBe(newer);
  });

  it('never fetches the same mirror twice at once', async () => {
    // Callers that may wait (not jobs) wait for the one fetch, in this process or another.
    const mirrors = store({ lockWaitMs: 60_000 });
    const results = await Promise.all([
      mirrors.sync(source.dir),
      mirrors.sync(source.dir),
      store({ lockWaitMs: 60_000 }).sync(source.dir),
    ]);
    expect(results.filter((result) => result.fetched)).toHaveLength(1);
  });

  it('gives a job back its worker when someone else is fetching the mirror (MirrorBusyError)', async () => {
    const mirrors = store({ lockWaitMs: 0 });
    // Another process holds the mirror's lock (it is fetching): this one defers instead of waiting.
    // The test takes the lock itself, so which of two racing syncs wins it is never left to chance.
    const otherProcess = await acquireMirrorLock(`${mirrors.pathFor(source.dir)}.lock`, 0);
    expect(otherProcess).not.toBeNull();
    await expect(mirrors.sync(source.dir)).rejects.toMatchObject({ stage: MIRROR_WAIT_STAGE });
    await otherProcess!.release();
    // In this process, a second sync of a mirror being fetched defers as well.
    const first = mirrors.sync(source.dir);
    await expect(mirrors.sync(source.dir)).rejects.toBeInstanceOf(MirrorBusyError);
    expect((await first).fetched).toBe(true);
    // Once the fetch is over, the deferred job finds the mirror fresh.
    expect((await store({ lockWaitMs: 0 }).sync(source.dir)).fetched).toBe(false);
  });

  it('refuses local repositories unless allowed, private hosts, and non-https URLs', async () => {
    await expect(store({ allowLocalRepos: false }).sync(source.dir)).rejects.toMatchObject({
      code: 'REPO_URL_NOT_ALLOWED',
    });
    await expect(store().sync('https://internal.example/team/repo')).rejects.toMatchObject({
      code: 'REPO_HOST_NOT_ALLOWED',
    });
    await expect(store().sync('https://127.0.0.1/team/repo')).rejects.toMatchObject({
      code: 'REPO_HOST_NOT_ALLOWED',
    });
    await expect(store().sync('https://169.254.169.254/latest/meta-data')).rejects.toMatchObject({
      code: 'REPO_HOST_NOT_ALLOWED',
    });
    await expect(store().sync('git@github.com:a/b.git')).rejects.toMatchObject({
      code: 'REPO_URL_NOT_ALLOWED',
    });
    await expect(store().sync('ext::sh -c touch% /tmp/pwned')).rejects.toMatchObject({
      code: 'REPO_URL_NOT_ALLOWED',
    });
    await expect(store().sync('--upload-pack=touch /tmp/pwned')).rejects.toMatchObject({
      code: 'REPO_URL_NOT_ALLOWED',
    });
    await expect(store().sync('https://user:pw@github.com/a/b')).rejects.toMatchObject({
      code: 'REPO_URL_NOT_ALLOWED',
    });
  });

  it('reports a missing repository clearly and leaves nothing behind', async () => {
    const missing = path.join(tmpdir(), `rota-missing-${Date.now()}`);
    await expect(store().sync(missing)).rejects.toMatchObject({ code: 'REPO_NOT_FOUND' });
    const notGit = mkdtempSync(path.join(tmpdir(), 'rota-not-git-'));
    try {
      await expect(store().sync(notGit)).rejects.toMatchObject({ code: 'REPO_NOT_FOUND' });
      expect(execFileSync('ls', [reposDir]).toString().trim()).not.toMatch(/\.git$/m);
    } finally {
      rmSync(notGit, { recursive: true, force: true });
    }
  });

  it('stops a repository that grows past the size limit', async () => {
    writeFileSync(path.join(source.dir, 'big.bin'), randomBytes(3 * 1024 * 1024));
    source.git('add', '-A');
    source.git('commit', '-qm', 'big random file');
    await expect(store({ maxSizeBytes: 256 * 1024 }).sync(source.dir)).rejects.toMatchObject({
      code: 'REPO_TOO_LARGE',
    });
  });

  it('runs nothing from the repository: hooks, fsmonitor and upload-pack settings stay inert', async () => {
    const marker = path.join(tmpdir(), `rota-pwned-${Date.now()}`);
    // The repository first gets its traps committed, then armed, so only the mirror could trip them.
    source.commitFile(
      '.gitmodules',
      `[submodule "x"]\n\tpath = x\n\turl = ext::sh -c touch% ${marker}\n`,
    );
    const script = path.join(source.dir, 'evil.sh');
    writeFileSync(script, `#!/bin/sh\ntouch ${marker}\ncat >/dev/null\n`);
    chmodSync(script, 0o755);
    for (const hook of [
      'pre-upload-pack',
      'post-checkout',
      'post-merge',
      'pre-receive',
      'reference-transaction',
    ]) {
      writeFileSync(path.join(source.dir, '.git', 'hooks', hook), `#!/bin/sh\ntouch ${marker}\n`);
      chmodSync(path.join(source.dir, '.git', 'hooks', hook), 0o755);
    }
    source.git('config', 'uploadpack.packObjectsHook', script);
    source.git('config', 'core.fsmonitor', script);
    source.git('config', 'core.sshCommand', script);
    const { gitDir } = await store().sync(source.dir);
    await store({ freshnessMs: 0 }).sync(source.dir);
    expect(existsSync(path.join(gitDir, 'HEAD'))).toBe(true);
    expect(existsSync(marker)).toBe(false);
  });

  it('removes mirrors no project repository uses, and keeps the used ones', async () => {
    const mirrors = store();
    const other = createFixtureRepo();
    other.commitFile('a.txt', 'a\n');
    try {
      const used = await mirrors.sync(source.dir);
      const unused = await mirrors.sync(other.dir);
      const [user] = await database.db
        .insert(users)
        .values({ email: 'gc@example.com', name: 'GC' })
        .returning();
      const [project] = await database.db
        .insert(projects)
        .values({ ownerId: user!.id, name: 'GC' })
        .returning();
      await database.db.insert(projectRepos).values({
        projectId: project!.id,
        name: 'r',
        owner: 'o',
        repo: 'r',
        repoKey: 'k',
        url: source.dir,
        provider: 'local',
      });
      expect(await mirrors.removeUnused()).toBe(1);
      expect(existsSync(used.gitDir)).toBe(true);
      expect(existsSync(unused.gitDir)).toBe(false);
    } finally {
      other.remove();
    }
  });

  it('removes a mirror', async () => {
    const mirrors = store();
    const { gitDir } = await mirrors.sync(source.dir);
    await mirrors.remove(source.dir);
    expect(existsSync(gitDir)).toBe(false);
  });
});

describe('MirrorStore when its database or folder fails', () => {
  it('still fails the fetch with its own error, and logs why its memory of it was lost', async () => {
    const { logger, lines } = capturedLogger();
    // Reads work; writes fail, as on a database that has gone read-only.
    const readOnly = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'insert')
          return () => {
            throw new Error('cannot execute INSERT in a read-only transaction');
          };
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const mirrors = new MirrorStore(readOnly, {
      reposDir,
      allowLocalRepos: true,
      allowPrivateHosts: false,
      maxSizeBytes: 50 * 1024 * 1024,
      timeoutMs: 30_000,
      freshnessMs: 60_000,
      resolver,
      logger,
    });
    const missing = path.join(tmpdir(), `rota-missing-${Date.now()}`);
    await expect(mirrors.sync(missing)).rejects.toMatchObject({ code: 'REPO_NOT_FOUND' });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        component: 'mirror-store',
        msg: 'could not record a failed fetch',
        failure: 'REPO_NOT_FOUND',
        mirror: path.basename(mirrors.pathFor(missing)),
        err: expect.objectContaining({
          message: 'cannot execute INSERT in a read-only transaction',
        }) as unknown,
      }),
    ]);
  });

  it('sweeps a folder that does not exist yet quietly, and logs one it cannot read', async () => {
    const quiet = capturedLogger();
    const absent = path.join(reposDir, 'not-made-yet');
    expect(await store({ reposDir: absent, logger: quiet.logger }).sweepLeftovers()).toBe(0);
    expect(quiet.lines).toEqual([]);

    const loud = capturedLogger();
    const notAFolder = path.join(reposDir, 'a-file');
    writeFileSync(notAFolder, '');
    expect(await store({ reposDir: notAFolder, logger: loud.logger }).sweepLeftovers()).toBe(0);
    expect(loud.lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'could not list the mirrors folder',
        err: expect.objectContaining({ code: 'ENOTDIR' }) as unknown,
      }),
    ]);
  });
});
