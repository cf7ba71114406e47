import { z } from 'zod';
import { JobSummarySchema } from './analysis-api.js';
import type { AnalysisKind } from './analysis/common.js';

/**
 * The analyses a project page shows for each repository, one tab each (history is computed only
 * when asked for by the CLI or an ad-hoc call). "Analyse this repository again" starts all of them.
 */
export const PROJECT_VIEW_KINDS = [
  'branches',
  'readme',
  'structure',
  'diagram',
] as const satisfies readonly AnalysisKind[];

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
