import { execFileSync } from 'node:child_process';
import type { FixtureRepo } from './git-fixtures.js';

/**
 * Objects git would not write today but real histories contain, written with
 * `git hash-object --literally` so the tests build them from nothing (no network, no mirror).
 */
export function writeRawObject(
  repo: FixtureRepo,
  type: 'blob' | 'tree' | 'commit',
  content: Buffer | string,
): string {
  return execFileSync('git', ['hash-object', '--literally', '-w', '-t', type, '--stdin'], {
    cwd: repo.dir,
    input: content,
  })
    .toString('utf8')
    .trim();
}

/** One tree entry in git's binary format; `mode` is written as given (e.g. a zero-padded 040000). */
export function treeEntry(mode: string, name: string, oid: string): Buffer {
  return Buffer.concat([Buffer.from(`${mode} ${name}\0`, 'utf8'), Buffer.from(oid, 'hex')]);
}

/** Tree entries must be sorted by name (directories as if followed by "/"); callers pass them sorted. */
export function writeTree(repo: FixtureRepo, entries: Buffer[]): string {
  return writeRawObject(repo, 'tree', Buffer.concat(entries));
}

/** A commit object with the identity lines given verbatim (where the quirks live). */
export function writeCommit(
  repo: FixtureRepo,
  options: { tree: string; parent?: string; identity: string[]; message: string },
): string {
  const lines = [`tree ${options.tree}`];
  if (options.parent) lines.push(`parent ${options.parent}`);
  lines.push(...options.identity, '', options.message, '');
  return writeRawObject(repo, 'commit', lines.join('\n'));
}

/**
 * The author/committer quirks found in popular repositories (psf/requests and rails: badTimezone,
 * e.g. "+051800"), each in its own commit, so that each one would stop a strict fetch by itself.
 */
export const IDENTITY_QUIRKS: Record<string, string> = {
  badTimezone: 'A U Thor <author@example.com> 1313584730 +051800',
  missingSpaceBeforeDate: 'A U Thor <author@example.com>1313584730 +0000',
  badDate: 'A U Thor <author@example.com> notadate +0000',
  zeroPaddedDate: 'A U Thor <author@example.com> 01313584730 +0000',
  missingEmail: 'A U Thor 1313584730 +0000',
  badEmail: 'A U Thor <author@example.com 1313584730 +0000',
  missingNameBeforeEmail: '<author@example.com> 1313584730 +0000',
  missingSpaceBeforeEmail: 'A U Thor<author@example.com> 1313584730 +0000',
};

/**
 * Puts a history of quirks on top of `branch`: a tree with a zero-padded directory mode (pallets/flask's
 * 0b404df8… has "040000"), then one commit per identity quirk, plus one with two author lines. The
 * files stay ordinary (a README, a package.json, a Python file) so every analysis has something to read.
 * Returns the new head.
 */
export function addQuirkyHistory(repo: FixtureRepo, branch = 'main'): string {
  let parent = repo.git('rev-parse', `refs/heads/${branch}`).trim();
  const readme = writeRawObject(repo, 'blob', '# Quirky\n\nA repository with an old history.\n');
  const manifest = writeRawObject(repo, 'blob', '{ "name": "quirky", "version": "1.0.0" }\n');
  const source = writeRawObject(repo, 'blob', 'def hello():\n    return "hi"\n');
  const pkg = writeTree(repo, [treeEntry('100644', 'app.py', source)]);
  // Sorted: "README.md" < "package.json" < "src" (byte order).
  const tree = writeTree(repo, [
    treeEntry('100644', 'README.md', readme),
    treeEntry('100644', 'package.json', manifest),
    treeEntry('040000', 'src', pkg),
  ]);
  const good = 'A U Thor <author@example.com> 1313584730 +0000';
  parent = writeCommit(repo, {
    tree,
    parent,
    identity: [`author ${good}`, `committer ${good}`],
    message: 'zero-padded tree mode',
  });
  for (const [quirk, identity] of Object.entries(IDENTITY_QUIRKS)) {
    parent = writeCommit(repo, {
      tree,
      parent,
      identity: [`author ${identity}`, `committer ${identity}`],
      message: quirk,
    });
  }
  parent = writeCommit(repo, {
    tree,
    parent,
    identity: [`author ${good}`, `author ${good}`, `committer ${good}`],
    message: 'multipleAuthors',
  });
  repo.git('update-ref', `refs/heads/${branch}`, parent);
  return parent;
}
