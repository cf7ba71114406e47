import type { RepoSnapshot } from '../../snapshot/snapshot.js';
import { parseToml } from '../../composition/parsers/toml.js';
import { parseJsonc } from './jsonc.js';
import { compareStrings, dirname } from '../../facts/paths.js';

/** Manifests and configs are small; anything bigger is not one we should trust or parse. */
const MANIFEST_MAX_BYTES = 1024 * 1024;

/**
 * The tree as the resolvers need it: exact path lookups, directory listings and capped, memoised
 * reads of manifests. Built once per diagram from the snapshot's file list (symlinks and submodules
 * are not files here, so nothing outside the tree can be reached through them).
 */
export interface RepoIndex {
  /** Every file path, sorted. */
  readonly files: readonly string[];
  has(path: string): boolean;
  /** True when at least one file lives under `dir`. */
  isDir(dir: string): boolean;
  /** Files directly inside `dir`, sorted. */
  filesIn(dir: string): readonly string[];
  /** Text of a manifest or config, memoised; null when missing, too big or binary. */
  readManifest(path: string): Promise<string | null>;
  /** Parsed JSON (comments and trailing commas tolerated), memoised; null when unusable. */
  readJson(path: string): Promise<unknown>;
  /** Parsed TOML (the composition's parser, ../../composition/parsers/toml.ts), memoised; null when unusable. */
  readToml(path: string): Promise<Record<string, unknown> | null>;
  /** Text of a source file within `maxBytes`; null when missing, too big or binary. */
  readSource(path: string, maxBytes: number): Promise<string | null>;
}

export function createRepoIndex(snapshot: RepoSnapshot): RepoIndex {
  const files = snapshot.files.map((file) => file.path).sort(compareStrings);
  const fileSet = new Set(files);
  const byDir = new Map<string, string[]>();
  const dirs = new Set<string>();
  for (const path of files) {
    const dir = dirname(path);
    let list = byDir.get(dir);
    if (!list) byDir.set(dir, (list = []));
    list.push(path);
    for (let d = dir; d && !dirs.has(d); d = dirname(d)) dirs.add(d);
  }
  const manifests = new Map<string, Promise<string | null>>();
  const jsons = new Map<string, Promise<unknown>>();
  const tomls = new Map<string, Promise<Record<string, unknown> | null>>();
  const readSource = async (path: string, maxBytes: number) => {
    if (!fileSet.has(path)) return null;
    const text = await snapshot.readText(path, maxBytes);
    return text === null || text.includes('\u0000') ? null : text;
  };
  const readManifest = (path: string) => {
    let pending = manifests.get(path);
    if (!pending) manifests.set(path, (pending = readSource(path, MANIFEST_MAX_BYTES)));
    return pending;
  };
  return {
    files,
    has: (path) => fileSet.has(path),
    isDir: (dir) => dir === '' || dirs.has(dir),
    filesIn: (dir) => byDir.get(dir) ?? [],
    readManifest,
    readJson: (path) => {
      let pending = jsons.get(path);
      if (!pending) {
        pending = readManifest(path).then((text) => (text === null ? null : parseJsonc(text)));
        jsons.set(path, pending);
      }
      return pending;
    },
    readToml: (path) => {
      let pending = tomls.get(path);
      if (!pending) {
        pending = readManifest(path).then((text) => {
          if (text === null) return null;
          try {
            return parseToml(text);
          } catch {
            // A manifest cargo or pip would refuse adds nothing to the diagram.
            return null;
          }
        });
        tomls.set(path, pending);
      }
      return pending;
    },
    readSource,
  };
}
