import { z } from 'zod';
import { JobSummarySchema } from './analysis-api.js';
import type { AnalysisKind } from './analysis/common.js';

/**
 * The analyses a project page shows for each repository, one tab each (the history it also keeps is
 * in PROJECT_ANALYSIS_KINDS below). "Analyse this repository again" starts all of them.
 */
export const PROJECT_VIEW_KINDS = [
  'branches',
  'readme',
  'structure',
  'diagram',
] as const satisfies readonly AnalysisKind[];

/**
 * Every analysis a project keeps of each repository: the tabs, plus the history the Analytics tab
 * reads (commits per day, authors; a 90-day window on the server) and shows in no tab of its own.
 */
export const PROJECT_ANALYSIS_KINDS = [
  ...PROJECT_VIEW_KINDS,
  'history',
] as const satisfies readonly AnalysisKind[];

/** Analyses a project's view of `kind` starts beside it: the history goes with the structure. */
export const PROJECT_COMPANION_KINDS: Partial<Record<AnalysisKind, readonly AnalysisKind[]>> = {
  structure: ['history'],
};

/** `/api/projects/{id}/repos/{repoId}/analyses`. */
export const RepoAnalysesParams = z.object({
  id: z.string().max(100),
  repoId: z.string().max(100),
});

/** 202: the jobs (the caller's handles) now computing every analysis of the repository. */
export const RepoAnalysesAcceptedSchema = z.object({
  repoId: z.string(),
  jobs: z.array(JobSummarySchema),
});
export type RepoAnalysesAccepted = z.infer<typeof RepoAnalysesAcceptedSchema>;

export const RepoAnalysesMessages = {
  archived: 'This project is archived and starts no analyses; set it to active to analyse it again',
} as const;
