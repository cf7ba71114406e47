import { AnalysisError } from '../errors.js';
import { streamGitRecords } from './run-git.js';

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

/** Every entry of the tree at `commit`, recursively, with blob sizes; NUL-separated so no name can break parsing. */
export async function* listTree(gitDir: string, commit: string): AsyncGenerator<TreeEntry> {
  for await (const record of streamGitRecords(
    gitDir,
    ['ls-tree', '-r', '-l', '-z', '--full-tree', commit, '--'],
    '\0',
  )) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode, type, oid, sizeText] = record.slice(0, tab).split(/ +/);
    const entryPath = record.slice(tab + 1);
    // git prints "BAD" for a blob it cannot read (a partial clone, a damaged store); a number is
    // the only size to trust, or every total built on it turns into NaN.
    if (sizeText !== '-' && !/^\d+$/.test(sizeText ?? ''))
      throw new AnalysisError(
        'GIT_FAILED',
        `The file ${entryPath} (${oid}) is missing from the repository: it is a partial or damaged clone. Fetch its objects completely (git fetch --refetch) and try again.`,
      );
    yield {
      mode: mode!,
      type: type as TreeEntry['type'],
      oid: oid!,
      size: sizeText === '-' ? null : Number(sizeText),
      path: entryPath,
    };
  }
}
