import { AnalysisError } from '../errors.js';
import { runGit } from './run-git.js';

export interface TreeEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  oid: string;
  /** Bytes for blobs; null for submodules (commit entries). */
  size: number | null;
  /** Path relative to the repository root, as git stores it (any bytes but NUL, UTF-8 decoded). */
  path: string;
}

export const MODE_SYMLINK = '120000';
export const MODE_SUBMODULE = '160000';

const NUL = 0;
const TAB = 9;
const SPACE = 32;

/**
 * Every entry of the tree at `commit`, recursively, with blob sizes; NUL-separated so no name can
 * break parsing. Read whole and parsed in one pass (the listing is a small fraction of what the
 * snapshot keeps anyway): one record at a time through an async iterator cost more than git's work.
 */
export async function listTree(gitDir: string, commit: string): Promise<TreeEntry[]> {
  const { stdout } = await runGit(gitDir, [
    'ls-tree',
    '-r',
    '-l',
    '-z',
    '--full-tree',
    commit,
    '--',
  ]);
  const entries: TreeEntry[] = [];
  let start = 0;
  while (start < stdout.length) {
    let end = stdout.indexOf(NUL, start);
    if (end === -1) end = stdout.length;
    const tab = stdout.indexOf(TAB, start);
    if (tab === -1 || tab > end) throw unexpected(stdout.toString('utf8', start, end));
    // "<mode> <type> <oid> <size padded with spaces>\t<path>"
    const typeAt = stdout.indexOf(SPACE, start) + 1;
    const oidAt = stdout.indexOf(SPACE, typeAt) + 1;
    const oidEnd = stdout.indexOf(SPACE, oidAt);
    if (typeAt === 0 || oidAt === 0 || oidEnd === -1 || oidEnd > tab)
      throw unexpected(stdout.toString('utf8', start, end));
    const sizeText = stdout.toString('latin1', oidEnd + 1, tab).trim();
    const oid = stdout.toString('latin1', oidAt, oidEnd);
    const entryPath = stdout.toString('utf8', tab + 1, end);
    // git prints "BAD" for a blob it cannot read (a partial clone, a damaged store); a number is
    // the only size to trust, or every total built on it turns into NaN.
    if (sizeText !== '-' && !/^\d+$/.test(sizeText))
      throw new AnalysisError(
        'GIT_FAILED',
        `The file ${entryPath} (${oid}) is missing from the repository: it is a partial or damaged clone. Fetch its objects completely (git fetch --refetch) and try again.`,
      );
    entries.push({
      mode: stdout.toString('latin1', start, typeAt - 1),
      type: stdout.toString('latin1', typeAt, oidAt - 1) as TreeEntry['type'],
      oid,
      size: sizeText === '-' ? null : Number(sizeText),
      path: entryPath,
    });
    start = end + 1;
  }
  return entries;
}

function unexpected(record: string): AnalysisError {
  return new AnalysisError('GIT_FAILED', `unexpected ls-tree record: ${record.slice(0, 100)}`);
}
