import { projectResourcesKey } from '../../../lib/query-keys';
import type { AnalysisView } from './analysis-kinds';

/**
 * Under the project's resources, so the projects feature drops them with the project (another
 * project opened, the project deleted) and refreshes them when its repositories change.
 */
export const analysisKeys = {
  all: (projectId: string) => [...projectResourcesKey(projectId), 'analysis'] as const,
  view: (projectId: string, kind: AnalysisView) =>
    [...projectResourcesKey(projectId), 'analysis', kind] as const,
  job: (projectId: string, jobId: string) =>
    [...projectResourcesKey(projectId), 'job', jobId] as const,
};
