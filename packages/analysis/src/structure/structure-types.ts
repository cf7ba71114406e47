import type { StructureSubmodule, StructureSymlink } from '@rota/contracts';
import type { ClassifiedFile } from './classify-file.js';

export interface StructureOptions {
  /** Files over this many bytes are counted by bytes only, never line-counted. 1 MiB. */
  maxLineCountBytes?: number;
  /**
   * Files up to this many bytes are read, so that binary, generated (minified) and ambiguous
   * files over the line-count limit are still recognised; larger ones are judged by name. 4 MiB.
   */
  maxReadBytes?: number;
  /** Directory summary: deepest level shown (the root is 0). 3. */
  directoryDepth?: number;
  /** Directory summary: subdirectories shown per directory before the rest is rolled up. 10. */
  directoryChildren?: number;
  /** Directory summary: entries at most. 300. */
  directoryEntries?: number;
  /** How many of the largest files are listed. 20. */
  largestFiles?: number;
  /** Cap of the binary, large-file, symlink and submodule lists. 100. */
  listCap?: number;
}

export type StructureLimits = Required<StructureOptions>;

export const DEFAULT_LIMITS: StructureLimits = {
  maxLineCountBytes: 1024 * 1024,
  maxReadBytes: 4 * 1024 * 1024,
  directoryDepth: 3,
  directoryChildren: 10,
  directoryEntries: 300,
  largestFiles: 20,
  listCap: 100,
};

/**
 * Every file of a commit classified and line-counted, before summarising: what composition (test
 * to code ratio) and the diagram (language and code lines per component) reuse, so no file is read
 * or counted twice in one run. `files` are FileStat records (ClassifiedFile extends FileStat).
 */
export interface ClassifiedTree {
  ref: string;
  commit: string;
  files: ClassifiedFile[];
  symlinks: StructureSymlink[];
  submodules: StructureSubmodule[];
}
