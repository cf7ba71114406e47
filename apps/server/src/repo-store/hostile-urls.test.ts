import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFixtureRepo, type FixtureRepo } from '../testing/git-fixtures.js';
import {
  createTestCertificate,
  servableBareRepo,
  startGitHttpsServer,
  type GitHttpsServer,
  type TestCertificate,
} from '../testing/git-https-server.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js';
import { runRemoteGit } from './git-remote.js';
import { blockedReason, type BlockedReason } from './host-policy.js';
import { MirrorStore, type MirrorStoreOptions } from './mirror-store.js';

/*
 * No network here, so two loopback addresses play the parts: 127.0.0.1 is "the public internet"
 * (the host the user named, repo.test) and 127.0.0.2 is "the private network" (other.test, a
 * service the server can reach but users must not). The test's address rule says exactly that —
 * 127.0.0.1 public, 127.0.0.2 private — and keeps the production rule for every other address.
 * The resolver plays DNS for the two names.
 */
const PUBLIC = '127.0.0.1';
const PRIVATE = '127.0.0.2';
const classify = (address: string): BlockedReason | null =>
  address === PUBLIC ? null : address === PRIVATE ? 'private' : blockedReason(address);

let database: TestDatabase;
let certificate: TestCertificate;
let fixture: FixtureRepo;
let served: { dir: string; remove(): void };
let publicServer: GitHttpsServer;
let privateServer: GitHttpsServer;
let reposDir: string;
let lookups: string[];

function store(resolve: (host: string) => string[], overrides: Partial<MirrorStoreOptions> = {}) {
  return new MirrorStore(database.db, {
    reposDir,
    allowLocalRepos: false,
    allowPrivateHosts: false,
    maxSizeBytes: 50 * 1024 * 1024,
    timeoutMs: 30_000,
    freshnessMs: 0,
    caFile: certificate.caFile,
    classify,
    resolver: async (host) => {
      lookups.push(host);
      return resolve(host);
    },
    ...overrides,
  });
}

const dns = (host: string) =>
  ({ 'repo.test': [PUBLIC], 'other.test': [PRIVATE] })[host] ??
  (() => {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  })();

beforeAll(async () => {
  database = await createTestDatabase();
  certificate = createTestCertificate();
  fixture = createFixtureRepo('main');
  fixture.commitFile('README.md', '# served over https\n');
  served = servableBareRepo(fixture.dir);
  privateServer = await startGitHttpsServer({
    host: PRIVATE,
    certificate,
    repos: { '/internal.git': served.dir },
  });
  publicServer = await startGitHttpsServer({
    host: PUBLIC,
    certificate,
    repos: { '/team/repo.git': served.dir },
    redirects: {
      '/team/to-private.git': `https://other.test:${privateServer.port}/internal.git`,
      '/team/to-elsewhere.git': `https://elsewhere.test/team/repo.git`,
    },
  });
}, 60_000);
beforeEach(async () => {
  await database.reset();
  reposDir = mkdtempSync(path.join(tmpdir(), 'rota-mirrors-'));
  lookups = [];
  publicServer.requests.length = 0;
  privateServer.requests.length = 0;
});
afterAll(async () => {
  await publicServer?.close();
  await privateServer?.close();
  served?.remove();
  fixture?.remove();
  certificate?.remove();
  await database?.destroy();
  if (reposDir) rmSync(reposDir, { recursive: true, force: true });
});

const url = (repoPath: string) => `https://repo.test:${publicServer.port}${repoPath}`;

describe('fetching from hostile URLs', () => {
  it('clones over https from the checked address, resolving the host once', async () => {
    const { gitDir, fetched } = await store(dns).sync(url('/team/repo.git'));
    expect(fetched).toBe(true);
    const head = execFileSync('git', [`--git-dir=${gitDir}`, 'rev-parse', 'refs/heads/main'])
      .toString()
      .trim();
    expect(head).toBe(fixture.git('rev-parse', 'HEAD').trim());
    expect(lookups).toEqual(['repo.test']);
  });

  it('refuses a host that resolves to 127.0.0.1, before any connection', async () => {
    const loopback = store(() => ['127.0.0.1'], { classify: blockedReason });
    await expect(loopback.sync(url('/team/repo.git'))).rejects.toMatchObject({
      code: 'REPO_HOST_NOT_ALLOWED',
      detail: expect.stringContaining('loopback'),
    });
    expect(publicServer.requests).toEqual([]);
  });

  it('DNS rebinding: git connects to the address that was checked, not to a second answer', async () => {
    // First answer public, every later one private: a second lookup anywhere would reach PRIVATE.
    let answers = 0;
    const rebinding = store(() => (answers++ === 0 ? [PUBLIC] : [PRIVATE]));
    await rebinding.sync(url('/team/repo.git'));
    expect(answers).toBe(1);
    expect(publicServer.requests.length).toBeGreaterThan(0);
    expect(privateServer.requests).toEqual([]);
  });

  it('refuses a public host that redirects to a private one, and never contacts the private one', async () => {
    await expect(store(dns).sync(url('/team/to-private.git'))).rejects.toMatchObject({
      code: 'REPO_HOST_NOT_ALLOWED',
      detail: expect.stringContaining('redirected to other.test'),
    });
    expect(privateServer.requests).toEqual([]);
  });

  it('refuses a redirect to another (public) host, which the user should enter instead', async () => {
    const anyPublic = store((host) => (host === 'elsewhere.test' ? ['140.82.112.3'] : dns(host)));
    await expect(anyPublic.sync(url('/team/to-elsewhere.git'))).rejects.toMatchObject({
      code: 'REPO_REDIRECT_NOT_ALLOWED',
    });
  });

  it('follows a redirect on the same host (a renamed repository), and fetches from there later', async () => {
    const renamed = await startGitHttpsServer({
      host: PUBLIC,
      certificate,
      repos: { '/team/repo.git': served.dir },
      redirects: { '/team/renamed.git': '/team/repo.git' },
    });
    try {
      const moved = `https://repo.test:${renamed.port}/team/renamed.git`;
      const { gitDir } = await store(dns).sync(moved);
      const remote = execFileSync('git', [`--git-dir=${gitDir}`, 'config', 'remote.origin.url'])
        .toString()
        .trim();
      expect(remote).toBe(`https://repo.test:${renamed.port}/team/repo.git`);
      expect(renamed.requests[0]).toBe('/team/renamed.git/info/refs?service=git-upload-pack');
      expect(
        renamed.requests.slice(1).every((request) => request.startsWith('/team/repo.git/')),
      ).toBe(true);
    } finally {
      await renamed.close();
    }
  });

  it('git itself follows no redirect, so one the probe did not see still cannot leave the host', async () => {
    // git pinned to the public address, as the store runs it, and pointed at the redirecting URL
    // directly (no probe first): with http.followRedirects=initial it would follow to other.test.
    const gitDir = mkdtempSync(path.join(tmpdir(), 'rota-git-'));
    try {
      execFileSync('git', ['init', '-q', '--bare', gitDir]);
      await expect(
        runRemoteGit(['ls-remote', '--', url('/team/to-private.git')], {
          gitDir,
          timeoutMs: 20_000,
          maxBytes: 10 * 1024 * 1024,
          allowFileProtocol: false,
          pins: [`repo.test:${publicServer.port}:${PUBLIC}`],
          caFile: certificate.caFile,
        }),
      ).rejects.toMatchObject({ detail: expect.stringContaining('301') });
      expect(publicServer.requests).toHaveLength(1);
      expect(privateServer.requests).toEqual([]);
    } finally {
      rmSync(gitDir, { recursive: true, force: true });
    }
  });

  it('a host that does not resolve fails with that reason', async () => {
    await expect(store(dns).sync('https://nowhere.test/team/repo.git')).rejects.toMatchObject({
      code: 'REPO_HOST_UNRESOLVED',
    });
  });
});
