import { execFileSync } from 'node:child_process';
import { realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRepo } from '../testing/repo-builder.js';
import { AnalysisError } from '../errors.js';
import { CatFileBatch } from './cat-file.js';
import { listTree } from './ls-tree.js';
import { headBranch, openRepository, resolveCommit } from './repository.js';

const repo = createRepo();
repo
  .write('README.md', '# Hello\n')
  .write('src/-rf', 'dangerous name\n')
  .write('src/--output=x', 'option-looking name\n')
  .write('dir with spaces/ünïcödé.txt', 'unicode\n')
  .write('new\nline.txt', 'newline in name\n')
  .write('bin/data.bin', Buffer.from([0, 1, 2, 3, 255]))
  .symlink('../../etc/passwd', 'link-out');
const first = repo.commit('first');
const empty = createRepo();
afterAll(() => {
  repo.remove();
  empty.remove();
});

describe('openRepository and refs', () => {
  it('finds the git directory of a work tree', async () => {
    const opened = await openRepository(repo.dir);
    expect(opened).toMatchObject({ bare: false, shallow: false });
    expect(opened.gitDir.endsWith('.git')).toBe(true);
    expect(await headBranch(opened.gitDir)).toBe('main');
  });

  it('finds the git directory of a linked work tree, whose .git is a file naming it', async () => {
    const linked = `${repo.dir}-linked`;
    execFileSync('git', ['-C', repo.dir, 'worktree', 'add', '-q', '--detach', linked, first]);
    try {
      const opened = await openRepository(linked);
      expect(opened.gitDir).toBe(
        realpathSync(path.join(repo.dir, '.git', 'worktrees', path.basename(linked))),
      );
      expect(await resolveCommit(opened.gitDir)).toBe(first);
      expect((await listTree(opened.gitDir, first)).map((entry) => entry.path)).toContain(
        'README.md',
      );
    } finally {
      execFileSync('git', ['-C', repo.dir, 'worktree', 'remove', '--force', linked]);
    }
  });

  it('refuses paths that are not repositories with a typed error', async () => {
    await expect(openRepository('/nonexistent/path')).rejects.toMatchObject({
      code: 'NOT_A_REPOSITORY',
    });
    await expect(openRepository('/tmp')).rejects.toBeInstanceOf(AnalysisError);
  });

  it('resolves refs and tells unknown, invalid and empty apart', async () => {
    const { gitDir } = await openRepository(repo.dir);
    expect(await resolveCommit(gitDir, 'main')).toBe(first);
    expect(await resolveCommit(gitDir)).toBe(first);
    await expect(resolveCommit(gitDir, 'no-such-branch')).rejects.toMatchObject({
      code: 'UNKNOWN_REF',
    });
    await expect(resolveCommit(gitDir, '--output=/tmp/x')).rejects.toMatchObject({
      code: 'INVALID_REF',
    });
    const emptyRepo = await openRepository(empty.dir);
    await expect(resolveCommit(emptyRepo.gitDir)).rejects.toMatchObject({
      code: 'EMPTY_REPOSITORY',
    });
  });
});

describe('listTree and CatFileBatch', () => {
  it('lists every entry with sizes, whatever the names', async () => {
    const { gitDir } = await openRepository(repo.dir);
    const entries = await listTree(gitDir, first);
    expect(entries.map((e) => e.path).sort()).toEqual(
      [
        'README.md',
        'bin/data.bin',
        'dir with spaces/ünïcödé.txt',
        'link-out',
        'new\nline.txt',
        'src/--output=x',
        'src/-rf',
      ].sort(),
    );
    expect(entries.find((e) => e.path === 'link-out')).toMatchObject({
      mode: '120000',
      type: 'blob',
    });
    expect(entries.find((e) => e.path === 'README.md')).toMatchObject({ size: 8, type: 'blob' });
  });

  it('decodes names that are not UTF-8 as each name alone would be', async () => {
    const { gitDir } = await openRepository(repo.dir);
    const blob = repo.git('rev-parse', `${first}:README.md`).trim();
    // Bytes a work tree cannot always hold: an 0xff, and a sequence cut short by the next name.
    const names = [
      Buffer.from('bad-\xff.txt', 'latin1'),
      Buffer.from('cut-\xe2\x82', 'latin1'),
      Buffer.from('\x82next.txt', 'latin1'),
    ];
    const listing = Buffer.concat(
      names.flatMap((name) => [Buffer.from(`100644 blob ${blob}\t`), name, Buffer.from([0])]),
    );
    const tree = execFileSync('git', ['--git-dir', gitDir, 'mktree', '-z'], { input: listing })
      .toString()
      .trim();
    const entries = await listTree(gitDir, tree);
    expect(entries.map((entry) => entry.path).sort()).toEqual(
      names.map((name) => name.toString('utf8')).sort(),
    );
    expect(entries.map((entry) => entry.path)).toContain('bad-\ufffd.txt');
  });

  it('refuses a tree whose blob is missing (a partial clone) instead of summing its size as NaN', async () => {
    // Found on the corpus: a mirror made with a blob size limit lacks a blob of the analysed
    // commit; `ls-tree -l` prints its size as "BAD", and the totals became NaN (null in JSON).
    const partial = createRepo();
    try {
      partial.write('kept.txt', 'kept\n').write('large.json', '{"large": true}\n');
      const commit = partial.commit('two files');
      const oid = partial.git('rev-parse', `${commit}:large.json`).trim();
      rmSync(path.join(partial.dir, '.git/objects', oid.slice(0, 2), oid.slice(2)));
      const { gitDir } = await openRepository(partial.dir);
      await expect(listTree(gitDir, commit)).rejects.toMatchObject({
        code: 'GIT_FAILED',
        message: expect.stringContaining(`large.json (${oid}) is missing`),
      });
    } finally {
      partial.remove();
    }
  });

  it('streams many objects through one process, in order, and reports missing ones', async () => {
    const { gitDir } = await openRepository(repo.dir);
    const entries = await listTree(gitDir, first);
    const batch = new CatFileBatch(gitDir);
    try {
      const objects = await Promise.all(entries.map((entry) => batch.read(entry.oid)));
      for (const [index, object] of objects.entries())
        expect(object?.size).toBe(entries[index]!.size);
      const binary = objects[entries.findIndex((e) => e.path === 'bin/data.bin')];
      expect([...binary!.content]).toEqual([0, 1, 2, 3, 255]);
      expect(await batch.read('0'.repeat(40))).toBeNull();
      await expect(batch.read('not-an-oid')).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    } finally {
      await batch.close();
    }
  });
});
