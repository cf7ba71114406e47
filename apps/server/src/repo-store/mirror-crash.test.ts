import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFixtureRepo, type FixtureRepo } from '../testing/git-fixtures.js';
import {
  createTestCertificate,
  servableBareRepo,
  startGitHttpsServer,
  type GitHttpsServer,
  type TestCertificate,
} from '../testing/git-https-server.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js';
import { MirrorBusyError, MirrorStore } from './mirror-store.js';

const childScript = fileURLToPath(new URL('../testing/mirror-clone-child.ts', import.meta.url));

let database: TestDatabase;
let certificate: TestCertificate;
let fixture: FixtureRepo;
let served: { dir: string; remove(): void };
let server: GitHttpsServer;
let reposDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  certificate = createTestCertificate();
  fixture = createFixtureRepo('main');
  fixture.commitFile('README.md', '# cloned, killed, cloned again\n');
  served = servableBareRepo(fixture.dir);
  server = await startGitHttpsServer({
    host: '127.0.0.1',
    certificate,
    repos: { '/team/repo.git': served.dir },
  });
  reposDir = mkdtempSync(path.join(tmpdir(), 'rota-mirrors-'));
}, 60_000);
afterAll(async () => {
  await server?.close();
  served?.remove();
  fixture?.remove();
  certificate?.remove();
  await database?.destroy();
  if (reposDir) rmSync(reposDir, { recursive: true, force: true });
});

/** The store of the process that comes after the killed one. Jobs wait 1 s at most by default. */
const restarted = (lockWaitMs?: number) =>
  new MirrorStore(database.db, {
    reposDir,
    allowLocalRepos: false,
    // The test server is on loopback; which addresses are allowed is not what this test is about.
    allowPrivateHosts: true,
    caFile: certificate.caFile,
    maxSizeBytes: 50 * 1024 * 1024,
    timeoutMs: 600_000,
    freshnessMs: 0,
    ...(lockWaitMs !== undefined ? { lockWaitMs } : {}),
  });

const leftovers = () => readdirSync(reposDir).filter((entry) => /\.(lock|tmp-.*)$/.test(entry));

describe('a process killed with SIGKILL in the middle of a clone', () => {
  it('leaves a lock and a clone folder that the next process takes over and sweeps at once', async () => {
    const repoUrl = `https://127.0.0.1:${server.port}/team/repo.git`;
    server.hang = true;
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', childScript], {
      env: {
        PATH: process.env.PATH ?? '',
        REPOS_DIR: reposDir,
        REPO_URL: repoUrl,
        CA_FILE: certificate.caFile,
        ...(database.url ? { DB_URL: database.url } : { SNAPSHOT: inject('pgliteSnapshot') }),
      },
      // Its own process group, so SIGKILL takes its git with it, as a container stop would.
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      // The clone is under way when git asks for objects (which the server holds).
      await expect
        .poll(() => server.requests.some((request) => request.includes('/objects/')), {
          timeout: 60_000,
          interval: 100,
        })
        .toBe(true);
      expect(leftovers()).toEqual([
        expect.stringMatching(/\.git\.lock$/),
        expect.stringMatching(/\.git\.tmp-[0-9a-f]+$/),
      ]);

      // While its holder lives, a job gives its worker back instead of waiting, and the sweep
      // leaves the clone in progress alone.
      await expect(restarted(0).sync(repoUrl)).rejects.toBeInstanceOf(MirrorBusyError);
      expect(await restarted().sweepLeftovers()).toBe(0);
      expect(leftovers()).toHaveLength(2);
    } finally {
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
    }
    server.hang = false;

    // The next job: the holder's pid is gone, so its lock is taken over at once — with no wait
    // allowed, the sync still runs (before, every sync waited CLONE_TIMEOUT_S + 30 s for it) —
    // and the dead clone's folder goes with it.
    const started = Date.now();
    const result = await restarted(0).sync(repoUrl);
    expect(result.fetched).toBe(true);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(leftovers()).toEqual([]);
  }, 120_000);
});
