import type { CacheFigures } from '../../lib/cache-figures.js';

/**
 * The caches as this module sees them: each owning module implements its own figures and
 * forgetting (and exports it through its index.ts); the composition root hands them over. This
 * module never reads another module's tables or memory.
 */

/** Stored-analysis answers (analysis's `AnalysisAnswers`; embedded only). */
export interface AnalysisAnswersCache {
  stats(): CacheFigures;
  clear(): number;
  forgetProjects(projectIds: readonly string[]): number;
}

/** Stored GitHub answers with their ETags (github's `GitHubClients.responses`). */
export interface GitHubResponsesCache {
  stats(): Promise<CacheFigures>;
  clear(): Promise<number>;
  forgetRepository(ref: { owner: string; repo: string }): Promise<number>;
}

/** Stored analytics answers (analytics's `AnalyticsService.stored`). */
export interface AnalyticsCache {
  stats(): Promise<CacheFigures>;
  forgetAll(): Promise<number>;
  forgetProjects(projectIds: readonly string[]): Promise<number>;
}

/** Project lists by owner and filter (projects's `ProjectListCache`; embedded only). */
export interface ProjectListsCache {
  stats(): CacheFigures;
  clear(): number;
  forgetOwner(ownerId: string): number;
}

export interface CacheParts {
  /** Absent where this configuration makes none (with DATABASE_URL). */
  analysisAnswers?: AnalysisAnswersCache | undefined;
  githubResponses: GitHubResponsesCache;
  analytics: AnalyticsCache;
  /** Absent where this configuration makes none (with DATABASE_URL). */
  projectLists?: ProjectListsCache | undefined;
}
