import { endpoints, type AnalysisView } from './analysis-kinds';

/** Where a project's analysis of one kind is read (kept apart so early requests can use it). */
export const analysisPath = (projectId: string, kind: AnalysisView): string =>
  `/api/projects/${encodeURIComponent(projectId)}/${endpoints[kind].path}`;
