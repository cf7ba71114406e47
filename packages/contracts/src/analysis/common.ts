import { z } from 'zod';

export const AnalysisErrorCodeSchema = z.enum([
  'NOT_A_REPOSITORY',
  'EMPTY_REPOSITORY',
  'UNKNOWN_REF',
  'INVALID_REF',
  'GIT_FAILED',
  'GIT_TIMEOUT',
  'OUTPUT_TOO_LARGE',
  'INVALID_OPTIONS',
]);
export type AnalysisErrorCode = z.infer<typeof AnalysisErrorCodeSchema>;

export const AnalysisKindSchema = z.enum(['structure', 'branches', 'readme', 'diagram', 'history']);
export type AnalysisKind = z.infer<typeof AnalysisKindSchema>;
export const ALL_ANALYSIS_KINDS: readonly AnalysisKind[] = AnalysisKindSchema.options;

/** What every result says about where it came from. */
export const AnalysisSourceSchema = z.object({
  ref: z.string(),
  commit: z.string(),
  analyzerVersion: z.string(),
  analyzedAt: z.string(),
});
export type AnalysisSource = z.infer<typeof AnalysisSourceSchema>;
