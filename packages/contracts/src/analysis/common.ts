import { z } from 'zod';
import { AnalysisErrorCodes } from '../job-errors.js';

export const AnalysisErrorCodeSchema = z.enum(AnalysisErrorCodes);

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
