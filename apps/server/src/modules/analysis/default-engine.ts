import { ANALYZER_VERSION, analysisRevision, runAnalysis } from '@rota/analysis';
import type { AnalysisEngine } from './engine.js';

/**
 * The server's history window: 90 days, the longest period the project analytics offer,
 * so one stored history serves the 7-, 30- and 90-day views.
 */
export const SERVER_HISTORY_WINDOW_DAYS = 90;

/** The analysis engine of @rota/analysis, as the server's jobs call it. */
export const defaultEngine: AnalysisEngine = {
  version: ANALYZER_VERSION,
  revision: async (kind, gitDir, ref) => {
    const found = await analysisRevision(kind, gitDir, ref);
    // The window is part of what a history result depends on: a result of another window (the
    // CLI's default 30 days) must never be taken for this one.
    return kind === 'history'
      ? { ...found, revision: `${found.revision}/${SERVER_HISTORY_WINDOW_DAYS}d` }
      : found;
  },
  run: (kind, gitDir, ref, progress, signal) =>
    runAnalysis(kind, gitDir, ref, {
      onProgress: progress,
      signal,
      historyWindowDays: SERVER_HISTORY_WINDOW_DAYS,
    }),
};
