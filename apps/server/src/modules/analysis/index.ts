/**
 * Analyses of repositories as jobs and their stored results: the project pages' analysis
 * endpoints, ad-hoc analyses of a URL, and "analyse this repository again". Publishes
 * `analysis.stored`.
 */
export { ANALYZE_JOB, createAnalyzeHandler } from './analyze-job.js';
export { analyzeDedupeKey } from './job-key.js';
export { AnalysisAnswers } from './answer-cache.js';
export { defaultEngine } from './default-engine.js';
export { type AnalysisEngine } from './engine.js';
export { analyzeDedupeKeySql, listResultsForRepo } from './queries.js';
export { AnalysisQuota } from './quota.js';
export { repoAnalysesRoutes } from './repo-analyses-routes.js';
export { RepoAnalysesService } from './repo-analyses.js';
export { repoAnalyzeRoutes } from './repo-analyze-routes.js';
export { RepoAnalyzeService } from './repo-analyze.js';
export { analysisRoutes } from './routes.js';
export { AnalysisService } from './service.js';
export { StoredResults } from './stored-results.js';
