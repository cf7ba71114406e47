import { posix } from 'node:path';
import type { StructureAnalysis, StructureSubmodule, StructureSymlink } from '@rota/contracts';
import { AnalysisError } from '../errors.js';
import type { RepoSnapshot } from '../snapshot/snapshot.js';
import { classifyFile, type ClassifiedFile, type ClassifyContext } from './classify-file.js';
import { GitAttributes } from './gitattributes.js';
import { createPathRules } from './path-rules.js';
import {
  DEFAULT_LIMITS,
  type ClassifiedTree,
  type StructureLimits,
  type StructureOptions,
} from './structure-types.js';
import { summarize } from './summarize.js';

const SMALL_FILE = 1024 * 1024;
const SYMLINK_TARGET_MAX = 4096;

function limitsOf(options: StructureOptions): StructureLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as Array<keyof StructureLimits>) {
    const value = options[key];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 1)
      throw new AnalysisError('INVALID_OPTIONS', `${key} must be a positive integer`);
    limits[key] = value;
  }
  if (limits.maxReadBytes < limits.maxLineCountBytes)
    throw new AnalysisError('INVALID_OPTIONS', 'maxReadBytes must be at least maxLineCountBytes');
  return limits;
}

/** Every .gitattributes of the tree, by directory; the root one and nested ones. */
async function readAttributes(snapshot: RepoSnapshot): Promise<GitAttributes> {
  const sources: Array<{ dir: string; text: string }> = [];
  for (const file of snapshot.files) {
    if (file.path !== '.gitattributes' && !file.path.endsWith('/.gitattributes')) continue;
    const text = await snapshot.readText(file.path, SMALL_FILE);
    if (text !== null) sources.push({ dir: posix.dirname(file.path).replace(/^\.$/, ''), text });
  }
  return new GitAttributes(sources);
}

/** Submodule entries with their URL from .gitmodules when it lists them (never fetched). */
async function readSubmodules(snapshot: RepoSnapshot): Promise<StructureSubmodule[]> {
  if (!snapshot.submodules.length) return [];
  const text = (await snapshot.readText('.gitmodules', SMALL_FILE)) ?? '';
  const urls = new Map<string, string>();
  for (const section of text.split(/^\s*\[submodule\b/m).slice(1)) {
    const path = /^\s*path\s*=\s*(.+?)\s*$/m.exec(section)?.[1];
    const url = /^\s*url\s*=\s*(.+?)\s*$/m.exec(section)?.[1];
    // Credentials written into a URL (https://user:token@host/...) are not ours to show.
    if (path && url) urls.set(path, url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1'));
  }
  return snapshot.submodules.map((s) => ({
    path: s.path,
    commit: s.commit,
    url: urls.get(s.path) ?? null,
  }));
}

/**
 * Symlinks are listed with their stored target, read as a blob and never followed; "outside" means
 * absolute or climbing above the root. Targets are read for the first `cap` links only.
 */
async function readSymlinks(snapshot: RepoSnapshot, cap: number): Promise<StructureSymlink[]> {
  const targets = await Promise.all(
    snapshot.symlinks.slice(0, cap).map(async (link) => {
      const blob = await snapshot.readBlob(
        { path: link.path, oid: link.oid, size: 0, mode: '120000', executable: false },
        SYMLINK_TARGET_MAX,
      );
      return blob ? blob.toString('utf8', 0, SYMLINK_TARGET_MAX) : null;
    }),
  );
  return snapshot.symlinks.map((link, index) => {
    const target = targets[index] ?? null;
    if (target === null) return { path: link.path, target, pointsOutside: false };
    const resolved = posix.normalize(posix.join(posix.dirname(link.path), target));
    const pointsOutside =
      target.startsWith('/') ||
      /^[A-Za-z]:[\\/]/.test(target) ||
      resolved === '..' ||
      resolved.startsWith('../');
    return { path: link.path, target, pointsOutside };
  });
}

/**
 * Reads and classifies every file of the snapshot: language, category, line counts. Blobs are
 * streamed in order (snapshot.streamBlobs) and classified as they arrive.
 */
export async function classifyFiles(
  snapshot: RepoSnapshot,
  options: StructureOptions = {},
): Promise<ClassifiedTree> {
  const limits = limitsOf(options);
  const context: ClassifyContext = {
    attributes: await readAttributes(snapshot),
    paths: createPathRules(),
    maxLineCountBytes: limits.maxLineCountBytes,
    maxReadBytes: limits.maxReadBytes,
  };
  const files: ClassifiedFile[] = [];
  await snapshot.streamBlobs(snapshot.files, limits.maxReadBytes, (file, content) =>
    files.push(classifyFile(file, content, context)),
  );
  return {
    ref: snapshot.ref,
    commit: snapshot.commit,
    files,
    symlinks: await readSymlinks(snapshot, limits.listCap),
    submodules: await readSubmodules(snapshot),
  };
}

/** The serialisable summary of an already classified tree (no git work). */
export function summarizeStructure(
  tree: ClassifiedTree,
  options: StructureOptions = {},
): StructureAnalysis {
  return summarize(tree, limitsOf(options));
}

/** classifyFiles then summarizeStructure: the structure analysis of one commit. */
export async function analyzeStructure(
  snapshot: RepoSnapshot,
  options: StructureOptions = {},
): Promise<StructureAnalysis> {
  return summarizeStructure(await classifyFiles(snapshot, options), options);
}
