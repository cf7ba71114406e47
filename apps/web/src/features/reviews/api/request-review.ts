import { ReviewMessages, ReviewRecordSchema, type ReviewRecord } from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { toApiError } from '../../../lib/api-error';
import { translateError } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';
import { reviewKeys } from './review-keys';

export interface ReviewTarget {
  /** `owner/repo`. */
  repository: string;
  number: number;
}

/** POST /api/webhook/review/{owner}/{repo}/{number}: 202 when queued, 200 when already reviewed. */
export function requestReview(target: ReviewTarget): Promise<ReviewRecord> {
  const [owner = '', repo = ''] = target.repository.split('/');
  return apiRequest(
    {
      method: 'POST',
      url: `/api/webhook/review/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/${target.number}`,
    },
    ReviewRecordSchema,
  );
}

// The review routes' own English messages, in the UI language.
const keyByMessage: Record<string, string> = {
  [ReviewMessages.pullRequestNotFound]: 'reviews.reviewNow.pullRequestNotFound',
  [ReviewMessages.repositoryNotFound]: 'reviews.reviewNow.repositoryNotFound',
  [ReviewMessages.invalidNumber]: 'reviews.reviewNow.invalidNumber',
};

export function translateReviewError(t: TFunction, caught: unknown): string {
  const error = toApiError(caught);
  const key =
    keyByMessage[error.message] ??
    error.errors.map((field) => keyByMessage[field.message]).find(Boolean);
  return key ? t(key) : translateError(t, error);
}

/**
 * "Review now": asks for the review, says so in a toast (or why not), and reads the project's
 * reviews again so the Reviews tab shows it pending, then polls it to its verdict.
 */
export function useRequestReview(projectId: string) {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: requestReview,
    onSuccess: (review, target) => {
      const name = `${target.repository}#${target.number}`;
      if (review.outcome === null) {
        notify.success(t('reviews.reviewNow.requested', { name }), {
          description: t('reviews.reviewNow.requestedText'),
        });
      } else {
        notify.info(t('reviews.reviewNow.alreadyDone', { name }));
      }
      return client.invalidateQueries({ queryKey: reviewKeys.all(projectId) });
    },
    onError: (caught, target) => {
      notify.error(
        t('reviews.reviewNow.failed', { name: `${target.repository}#${target.number}` }),
        { description: translateReviewError(t, caught) },
      );
    },
  });
}
