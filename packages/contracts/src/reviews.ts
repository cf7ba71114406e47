import { z } from 'zod';

/**
 * Rota's pull-request reviews (issue 12 "Reviews"): what a review finds and what it covered. The
 * built-in rules engine and, when configured, an LLM reviewer both answer in findings of this
 * shape, so the verdict, the store and the UI read one type whatever produced it.
 */

export const ReviewSeveritySchema = z.enum(['critical', 'high', 'medium', 'low', 'info']);
export type ReviewSeverity = z.infer<typeof ReviewSeveritySchema>;

export const ReviewCategorySchema = z.enum([
  'security',
  'correctness',
  'tests',
  'maintainability',
  'process',
  'ci',
  'database',
  'dependencies',
]);
export type ReviewCategory = z.infer<typeof ReviewCategorySchema>;

export const ReviewFindingSourceSchema = z.enum(['rules', 'llm']);
export type ReviewFindingSource = z.infer<typeof ReviewFindingSourceSchema>;

export const ReviewFindingSchema = z.object({
  /** The id of the rule that found it (`secret.provider-token`), or the LLM's own label. */
  rule: z.string().min(1),
  severity: ReviewSeveritySchema,
  category: ReviewCategorySchema,
  /** Path in the pull request's head; null for findings about the pull request as a whole. */
  file: z.string().nullable(),
  /** Line in the new file (right side of the diff); null when the finding is about a whole file. */
  line: z.number().int().min(1).nullable(),
  /** Short English title. */
  title: z.string().min(1),
  /** English: what was found and what to do about it. */
  message: z.string().min(1),
  /** The offending line, any secret in it cut to its first 4 characters and '…'. */
  evidence: z.string().nullable(),
  source: ReviewFindingSourceSchema,
  confidence: z.number().min(0).max(1),
});
export type ReviewFinding = z.infer<typeof ReviewFindingSchema>;

/** SPEC §3 Review record status. Pending while queued or running. */
export const ReviewStatusSchema = z.enum(['pending', 'approved', 'changes_requested', 'commented']);
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;

export const ReviewSkipReasonSchema = z.enum([
  'no_patch',
  'binary',
  'generated',
  'lockfile',
  'vendored',
  'too_large',
]);
export type ReviewSkipReason = z.infer<typeof ReviewSkipReasonSchema>;

/** Which files a review read line by line, and which it did not and why (none dropped silently). */
export const ReviewCoverageSchema = z.object({
  filesReviewed: z.number().int().min(0),
  filesSkipped: z.array(z.object({ file: z.string(), reason: ReviewSkipReasonSchema })),
});
export type ReviewCoverage = z.infer<typeof ReviewCoverageSchema>;
