import { ReviewDetailSchema, ReviewListSchema, ReviewRecordSchema } from '@rota/contracts';
import { z } from 'zod';

/**
 * What the web reads of a review. Parallel work adds an `llm` block (model, prompt, summary, files
 * not sent) and `published` info, and a 'rules+llm' engine; until the contracts carry them, they
 * are read here leniently: a shape the page does not know yet is treated as absent (`.catch`)
 * rather than failing the whole page.
 */
export const ReviewLlmSchema = z
  .object({
    model: z.string().nullish(),
    prompt: z.string().nullish(),
    summary: z.string().nullish(),
    files_not_sent: z.array(z.string()).nullish(),
    error: z.string().nullish(),
  })
  .nullish()
  .catch(null);
export type ReviewLlm = NonNullable<z.infer<typeof ReviewLlmSchema>>;

const ErrorInfo = z.object({ code: z.string(), message: z.string() });

export const ReviewPublishedSchema = z
  .object({
    published_at: z.string().nullish(),
    at: z.string().nullish(),
    error: ErrorInfo.nullish(),
    publish_error: ErrorInfo.nullish(),
  })
  .nullish()
  .catch(null);
export type ReviewPublished = NonNullable<z.infer<typeof ReviewPublishedSchema>>;

const viewFields = {
  engine: z.string(),
  published: ReviewPublishedSchema,
};

export const ReviewRowSchema = ReviewRecordSchema.extend(viewFields);
export type ReviewRow = z.infer<typeof ReviewRowSchema>;

export const ReviewViewSchema = ReviewDetailSchema.extend({ ...viewFields, llm: ReviewLlmSchema });
export type ReviewView = z.infer<typeof ReviewViewSchema>;

export const ReviewListViewSchema = ReviewListSchema.extend({ reviews: z.array(ReviewRowSchema) });
export type ReviewListView = z.infer<typeof ReviewListViewSchema>;

/** Queued or running: no outcome yet. */
export const isPending = (review: Pick<ReviewRow, 'outcome'>): boolean => review.outcome === null;

/** Whether the list still waits for a verdict (the tab reads it again until none does). */
export const anyPending = (list: ReviewListView | undefined): boolean =>
  list?.reviews.some(isPending) ?? false;

/** When the review was published on GitHub and what GitHub refused, whatever the field names. */
export function publishState(published: ReviewPublished | null | undefined): {
  at: string | null;
  error: { code: string; message: string } | null;
} {
  return {
    at: published?.published_at ?? published?.at ?? null,
    error: published?.publish_error ?? published?.error ?? null,
  };
}

/** `owner/repo` and a number as GitHub's page of the pull request (the list carries no URL). */
export const pullRequestUrl = (repository: string, number: number): string =>
  `https://github.com/${repository.split('/').map(encodeURIComponent).join('/')}/pull/${number}`;

export const shortSha = (sha: string): string => sha.slice(0, 7);
