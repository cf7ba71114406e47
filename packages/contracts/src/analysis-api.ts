import { z } from 'zod';
import { AnalysisKindSchema } from './analysis/common.js';
import { JOB_FAILURE_CODES } from './job-errors.js';
import { REPOSITORY_ADDRESS_DESCRIPTION } from './repository-url.js';

/**
 * The answers of the project analysis endpoints (branch-analysis, readme-analysis,
 * structure-analysis, technical-diagram, ...): one entry per repository of the project, each with
 * the commit analysed, when, whether a newer commit exists (stale) and the job computing it.
 */
export const JobStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']);
export type JobStatus = z.infer<typeof JobStatusSchema>;

/**
 * The stage of a queued job that gave its worker back because another worker is fetching the same
 * repository; it runs again in a moment (the web says so instead of "waiting for a worker").
 */
export const WAITING_FOR_REPOSITORY_STAGE = 'waiting-for-repository';

/** Why a job failed (JobErrorCodes, or an API error code); the wire format is a plain string. */
export const JobFailureCodeSchema = z.enum(JOB_FAILURE_CODES);

export const JobSummarySchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: JobStatusSchema,
  stage: z.string().nullable(),
  progress: z.number(),
  error: z.object({ code: JobFailureCodeSchema, message: z.string() }).nullable(),
  attempts: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobSummary = z.infer<typeof JobSummarySchema>;

export const RepoAnalysisStatusSchema = z.enum([
  'ready',
  'queued',
  'running',
  'failed',
  'not_analyzed',
]);

export const RepoAnalysisEntrySchema = z.object({
  repoId: z.string(),
  name: z.string(),
  owner: z.string(),
  repo: z.string(),
  url: z.string(),
  branch: z.string(),
  /** The repository's default branch as of its last fetch (null before one), e.g. to offer
   * switching to it when `branch` does not exist. */
  defaultBranch: z.string().nullable(),
  status: RepoAnalysisStatusSchema,
  commit: z.string().nullable(),
  analyzedAt: z.string().nullable(),
  analyzerVersion: z.string().nullable(),
  /** True while the shown result is older than the repository (a newer one is being computed). */
  stale: z.boolean(),
  job: JobSummarySchema.nullable(),
  result: z.unknown().nullable(),
});
export type RepoAnalysisEntry = z.infer<typeof RepoAnalysisEntrySchema>;

export const ProjectAnalysisResponseSchema = z.object({
  projectId: z.string(),
  kind: AnalysisKindSchema,
  repositories: z.array(RepoAnalysisEntrySchema),
});
export type ProjectAnalysisResponse = z.infer<typeof ProjectAnalysisResponseSchema>;

/** 202: nothing to show yet; poll the job (or its event stream). */
export const AnalysisAcceptedSchema = z.object({
  status: z.enum(['queued', 'running']),
  jobId: z.string(),
  progress: z.number(),
  jobs: z.array(JobSummarySchema),
});
export type AnalysisAccepted = z.infer<typeof AnalysisAcceptedSchema>;

export const AnalysisQuerySchema = z.object({
  refresh: z.enum(['true', 'false', '1', '0']).optional(),
  force: z.enum(['true', 'false', '1', '0']).optional(),
});

export const RepoAnalyzeBody = z.object({
  repoUrl: z.string().trim().min(1).max(2048).meta({ description: REPOSITORY_ADDRESS_DESCRIPTION }),
  projectId: z.string().max(100).optional(),
  kinds: z.array(AnalysisKindSchema).optional(),
});

export const StoredAnalysisSummarySchema = z.object({
  repoUrl: z.string(),
  kind: z.string(),
  resultId: z.string(),
  commit: z.string().nullable(),
  analyzerVersion: z.string(),
  analyzedAt: z.string(),
});

export const RepoAnalyzeAcceptedSchema = z.object({
  repoUrl: z.string(),
  jobs: z.array(JobSummarySchema),
});
