import type { Masked } from '../scan/mask.js';
import type { RepoIndex } from '../scan/repo-index.js';
import type { WorkspacePackage } from '../workspaces.js';

/** What one file's imports came to once resolved against the tree. */
export interface ResolvedImports {
  /** Import statements (or references) found. */
  found: number;
  /** Files inside the repository they resolve to (deduplicated, never the file itself). */
  targets: string[];
  /**
   * Everything that did not resolve inside the repository, tagged by ecosystem (`npm:pg`,
   * `py:psycopg.pool`, `go:github.com/jackc/pgx/v5`); the external-system rules read these.
   */
  externals: string[];
  /**
   * The targets reached only through type-only imports (`import type`, Python's
   * `if TYPE_CHECKING:`): they exist for the type checker and never load at run time.
   */
  typeOnly: string[];
  /**
   * The targets imported only inside functions (Python) or by dynamic `import()`: they load when
   * the code runs, after every module has loaded, so they never close an import cycle.
   */
  deferred: string[];
  /**
   * The targets with no load order against the file, so they never close an import cycle: the
   * modules of one Rust crate and the files of one C# assembly compile as one unit, and a Ruby file
   * requiring the entry file of its own folder gets back the file already loading it.
   */
  unordered?: string[];
}

export interface SessionContext {
  index: RepoIndex;
  workspaces: readonly WorkspacePackage[];
}

/**
 * One language's import scanner. A session collects facts file by file (scan), then resolves them
 * all at once, because some languages (C#, Java, Kotlin, PHP) can only resolve an import after every
 * file has said which namespace or package it declares.
 */
export interface LanguageModule {
  id: string;
  matches(path: string): boolean;
  createSession(context: SessionContext): LanguageSession;
}

export interface LanguageSession {
  /** Records the file's facts; returns the masked text so callers can count lines and read literals. */
  scan(path: string, text: string): Masked;
  resolveAll(): Promise<Map<string, ResolvedImports>>;
}

/**
 * Helper for sessions: deduplicated, sorted, self excluded. `targets` load with the file;
 * `typeOnlyTargets` and `deferredTargets` are those of type-only and deferred imports, and a
 * target imported in several ways counts as the one that loads soonest.
 */
export function resolved(
  path: string,
  found: number,
  targets: Iterable<string>,
  externals: Iterable<string>,
  typeOnlyTargets: Iterable<string> = [],
  deferredTargets: Iterable<string> = [],
): ResolvedImports {
  const load = new Set(targets);
  load.delete(path);
  const deferred = new Set([...deferredTargets].filter((t) => t !== path && !load.has(t)));
  const typeOnly = new Set(
    [...typeOnlyTargets].filter((t) => t !== path && !load.has(t) && !deferred.has(t)),
  );
  return {
    found,
    targets: [...new Set([...load, ...deferred, ...typeOnly])].sort(),
    externals: [...new Set(externals)].sort(),
    typeOnly: [...typeOnly].sort(),
    deferred: [...deferred].sort(),
  };
}
