import { ANALYZER_VERSION, analysisRevision, runAnalysis } from '@rota/analysis';
import type { AnalysisEngine } from './engine.js';

/** The analysis engine of @rota/analysis, as the server's jobs call it. */
export const defaultEngine: AnalysisEngine = {
  version: ANALYZER_VERSION,
  revision: (kind, gitDir, ref) => analysisRevision(kind, gitDir, ref),
  run: (kind, gitDir, ref, progress, signal) =>
    runAnalysis(kind, gitDir, ref, { onProgress: progress, signal }),
};
