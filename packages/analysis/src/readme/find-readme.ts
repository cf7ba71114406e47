import path from 'node:path/posix';
import type { ReadmeFormat } from '@rota/contracts';
import type { RepoSnapshot, SnapshotFile } from '../snapshot/snapshot.js';

/**
 * The README GitHub would show. GitHub documents the order of places as `.github/`, then the root,
 * then `docs/` (a README in `.github/` wins over the root one). Names are matched in any case; within
 * one place markdown is preferred, then the other rendered formats, then plain text.
 */
export const README_DIRECTORIES = ['.github', '', 'docs'] as const;

const EXTENSION_FORMATS: ReadonlyArray<[string, ReadmeFormat]> = [
  ['md', 'markdown'],
  ['markdown', 'markdown'],
  ['mdown', 'markdown'],
  ['mkdn', 'markdown'],
  ['mkd', 'markdown'],
  ['mdx', 'markdown'],
  ['rst', 'rst'],
  ['adoc', 'asciidoc'],
  ['asciidoc', 'asciidoc'],
  ['org', 'org'],
  ['txt', 'text'],
  ['', 'text'],
];

export interface ReadmeCandidate {
  path: string;
  format: ReadmeFormat;
  /** Set for a symlink: the in-tree file it resolves to. */
  symlink: boolean;
}

export interface FoundReadme {
  /** The README shown, or null when there is none. */
  readme: ReadmeCandidate | null;
  /** Every candidate, best first (the chosen one included). */
  candidates: ReadmeCandidate[];
}

/** `README`, `readme.md`, `ReadMe.rst`...: the format, or null when the name is not a README's. */
export function readmeFormat(fileName: string): ReadmeFormat | null {
  const match = /^readme(?:\.([^.]+))?$/i.exec(fileName);
  if (!match) return null;
  const extension = (match[1] ?? '').toLowerCase();
  return EXTENSION_FORMATS.find(([candidate]) => candidate === extension)?.[1] ?? null;
}

function rank(candidate: ReadmeCandidate): number[] {
  const directory = path.dirname(candidate.path);
  const place = README_DIRECTORIES.indexOf((directory === '.' ? '' : directory) as never);
  const extension = path.extname(candidate.path).slice(1).toLowerCase();
  const formatRank = EXTENSION_FORMATS.findIndex(([candidateExt]) => candidateExt === extension);
  // Exact `README` spelling before `readme`/`Readme`, then a stable order by path.
  const exactCase = path.basename(candidate.path).startsWith('README') ? 0 : 1;
  return [place, formatRank, exactCase];
}

export function findReadme(snapshot: Pick<RepoSnapshot, 'files' | 'symlinks'>): FoundReadme {
  const candidates: ReadmeCandidate[] = [];
  const consider = (filePath: string, symlink: boolean) => {
    const directory = path.dirname(filePath);
    if (!(README_DIRECTORIES as readonly string[]).includes(directory === '.' ? '' : directory))
      return;
    const format = readmeFormat(path.basename(filePath));
    if (format) candidates.push({ path: filePath, format, symlink });
  };
  for (const file of snapshot.files) consider(file.path, false);
  for (const link of snapshot.symlinks) consider(link.path, true);
  candidates.sort((a, b) => {
    const [left, right] = [rank(a), rank(b)];
    for (let index = 0; index < left.length; index++)
      if (left[index] !== right[index]) return left[index]! - right[index]!;
    return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  });
  return { readme: candidates[0] ?? null, candidates };
}

/**
 * The file a symlinked README points at, followed only inside the tree (a few hops at most); null
 * when it leaves the tree, dangles or loops. The link's target is read as a blob, never from disk.
 */
export async function resolveSymlink(
  snapshot: RepoSnapshot,
  linkPath: string,
): Promise<SnapshotFile | null> {
  let current = linkPath;
  for (let hop = 0; hop < 5; hop++) {
    const link = snapshot.symlinks.find((candidate) => candidate.path === current);
    if (!link) return snapshot.file(current) ?? null;
    const blob = await snapshot.readBlob(
      { path: link.path, oid: link.oid, size: 0, mode: '120000', executable: false },
      4096,
    );
    if (!blob) return null;
    const raw = blob.toString('utf8');
    if (raw.startsWith('/')) return null;
    const target = path.normalize(path.join(path.dirname(current), raw));
    if (target.startsWith('../') || target === '..') return null;
    current = target;
  }
  return null;
}
