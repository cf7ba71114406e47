export { analyzeHistory, type HistoryAnalysisOptions } from './analyze-history.js';
