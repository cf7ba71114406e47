import { streamBlobs } from '../git/blob-stream.js';
import { CatFileBatch } from '../git/cat-file.js';
import { listTree, MODE_SUBMODULE, MODE_SYMLINK, type TreeEntry } from '../git/ls-tree.js';
import { openRepository, resolveCommit } from '../git/repository.js';

/** A file of the tree: a regular or executable blob. */
export interface SnapshotFile {
  path: string;
  oid: string;
  size: number;
  mode: string;
  executable: boolean;
}

/**
 * The tree of one commit, read once, with lazy access to blob contents through a single
 * `git cat-file --batch` (and a second, streamed one for reading every blob of the tree). Every analysis (structure, README, diagram) works on a snapshot, so the
 * tree is listed once per run and nothing is checked out. Symlinks are reported, never followed;
 * submodules are listed, never fetched.
 */
export interface RepoSnapshot {
  gitDir: string;
  ref: string;
  commit: string;
  files: SnapshotFile[];
  symlinks: Array<{ path: string; oid: string }>;
  submodules: Array<{ path: string; commit: string }>;
  /** Path lookup (exact, case-sensitive). */
  file(path: string): SnapshotFile | undefined;
  /** The blob's bytes, or null when it is bigger than `maxBytes` (default 8 MiB) or missing. */
  readBlob(file: SnapshotFile, maxBytes?: number): Promise<Buffer | null>;
  /**
   * Every blob of `files` read once, in order, handed to `visit` as it arrives (null: over
   * `maxBytes`, or missing); for reading a whole tree (git/blob-stream.ts). `visit` must not keep
   * the buffer.
   */
  streamBlobs(
    files: readonly SnapshotFile[],
    maxBytes: number,
    visit: (file: SnapshotFile, content: Buffer | null) => void,
  ): Promise<void>;
  /** The blob as UTF-8 text, or null when over `maxBytes` or missing. */
  readText(path: string, maxBytes?: number): Promise<string | null>;
  close(): Promise<void>;
}

const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

export async function openSnapshot(repositoryPath: string, ref = 'HEAD'): Promise<RepoSnapshot> {
  const { gitDir } = await openRepository(repositoryPath);
  return openSnapshotOfGitDir(gitDir, ref);
}

export async function openSnapshotOfGitDir(gitDir: string, ref = 'HEAD'): Promise<RepoSnapshot> {
  const commit = await resolveCommit(gitDir, ref);
  const files: SnapshotFile[] = [];
  const symlinks: RepoSnapshot['symlinks'] = [];
  const submodules: RepoSnapshot['submodules'] = [];
  for (const entry of await listTree(gitDir, commit)) addEntry(entry, files, symlinks, submodules);
  const byPath = new Map(files.map((file) => [file.path, file]));
  let batch: CatFileBatch | undefined;
  const readBlob = async (file: SnapshotFile, maxBytes = DEFAULT_MAX_BYTES) => {
    if (file.size > maxBytes) return null;
    batch ??= new CatFileBatch(gitDir);
    return (await batch.read(file.oid))?.content ?? null;
  };
  return {
    gitDir,
    ref,
    commit,
    files,
    symlinks,
    submodules,
    file: (path) => byPath.get(path),
    readBlob,
    streamBlobs: (list, maxBytes, visit) => streamBlobs(gitDir, list, maxBytes, visit),
    readText: async (path, maxBytes) => {
      const file = byPath.get(path);
      if (!file) return null;
      return (await readBlob(file, maxBytes))?.toString('utf8') ?? null;
    },
    close: async () => {
      await batch?.close();
    },
  };
}

function addEntry(
  entry: TreeEntry,
  files: SnapshotFile[],
  symlinks: RepoSnapshot['symlinks'],
  submodules: RepoSnapshot['submodules'],
): void {
  if (entry.mode === MODE_SUBMODULE) submodules.push({ path: entry.path, commit: entry.oid });
  else if (entry.mode === MODE_SYMLINK) symlinks.push({ path: entry.path, oid: entry.oid });
  else if (entry.type === 'blob') {
    files.push({
      path: entry.path,
      oid: entry.oid,
      size: entry.size ?? 0,
      mode: entry.mode,
      executable: entry.mode === '100755',
    });
  }
}
