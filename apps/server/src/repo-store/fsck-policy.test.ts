import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFixtureRepo, type FixtureRepo } from '../testing/git-fixtures.js';
import {
  addQuirkyHistory,
  treeEntry,
  writeCommit,
  writeRawObject,
  writeTree,
} from '../testing/quirky-history.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js';
import { MirrorStore } from './mirror-store.js';

let database: TestDatabase;
let reposDir: string;
let source: FixtureRepo;

function store(freshnessMs = 60_000) {
  return new MirrorStore(database.db, {
    reposDir,
    allowLocalRepos: true,
    allowPrivateHosts: false,
    maxSizeBytes: 50 * 1024 * 1024,
    timeoutMs: 30_000,
    freshnessMs,
  });
}

const identity = [
  'author A <a@example.com> 1700000000 +0000',
  'committer A <a@example.com> 1700000000 +0000',
];

/** Makes `main` point at a commit whose root tree holds `entries` (the hostile part). */
function commitTree(entries: Buffer[]): void {
  const tree = writeTree(source, entries);
  const parent = source.git('rev-parse', 'refs/heads/main').trim();
  source.git(
    'update-ref',
    'refs/heads/main',
    writeCommit(source, { tree, parent, identity, message: 'x' }),
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  await database.reset();
  reposDir = mkdtempSync(path.join(tmpdir(), 'rota-fsck-'));
  source = createFixtureRepo('main');
  source.commitFile('README.md', '# fixture\n');
});
afterEach(() => source.remove());
afterAll(async () => {
  await database.destroy();
});

describe('object checks on fetch', () => {
  it('clones and fetches a history full of harmless quirks (time zones, dates, e-mails, zero-padded modes)', async () => {
    const head = addQuirkyHistory(source);
    const { gitDir, fetched } = await store(0).sync(source.dir);
    expect(fetched).toBe(true);
    const mirrorHead = () =>
      execFileSync('git', [`--git-dir=${gitDir}`, 'rev-parse', 'refs/heads/main'])
        .toString()
        .trim();
    expect(mirrorHead()).toBe(head);
    // The next fetch brings another round of the same quirks on top.
    const next = addQuirkyHistory(source);
    expect((await store(0).sync(source.dir)).fetched).toBe(true);
    expect(mirrorHead()).toBe(next);
  });

  const blob = () => writeRawObject(source, 'blob', 'payload\n');
  const hostile: Array<[string, () => Buffer[]]> = [
    [
      'hasDotgit',
      () => [
        treeEntry('40000', '.git', writeTree(source, [treeEntry('100644', 'config', blob())])),
      ],
    ],
    ['hasDotdot', () => [treeEntry('100644', '..', blob())]],
    ['fullPathname', () => [treeEntry('100644', 'a/b', blob())]],
    [
      'gitmodulesUrl',
      () => [
        treeEntry(
          '100644',
          '.gitmodules',
          writeRawObject(
            source,
            'blob',
            '[submodule "x"]\n\tpath = x\n\turl = --upload-pack=touch /tmp/rota-pwned\n',
          ),
        ),
      ],
    ],
    [
      'gitmodulesPath',
      () => [
        treeEntry(
          '100644',
          '.gitmodules',
          writeRawObject(
            source,
            'blob',
            '[submodule "x"]\n\tpath = --x\n\turl = https://example.com/x\n',
          ),
        ),
      ],
    ],
  ];

  it.each(hostile)(
    'still refuses %s, names the check and leaves nothing behind',
    async (check, entries) => {
      commitTree(entries());
      const failure = store().sync(source.dir);
      await expect(failure).rejects.toMatchObject({ code: 'REPO_OBJECTS_REJECTED' });
      await expect(failure).rejects.toThrow(new RegExp(`\\(${check}: `));
      expect(readdirSync(reposDir).filter((name) => name.endsWith('.git'))).toEqual([]);
      expect(existsSync('/tmp/rota-pwned')).toBe(false);
    },
  );
});
