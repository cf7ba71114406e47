import type { AnalysisKind } from '@rota/contracts';

/**
 * What the server needs of the analysis engine: its version (part of every result's key) and a way
 * to run one kind of analysis on a mirror. The real one wraps @rota/analysis; tests use the same.
 */
export interface AnalysisEngine {
  readonly version: string;
  /** The input revision of `kind` for `ref`: a commit sha, or a fingerprint of the refs for branches. */
  revision(
    kind: AnalysisKind,
    gitDir: string,
    ref: string,
  ): Promise<{ revision: string; commit: string | null }>;
  run(
    kind: AnalysisKind,
    gitDir: string,
    ref: string,
    progress: (stage: string, percent: number) => Promise<void>,
    signal: AbortSignal,
  ): Promise<unknown>;
}
