import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ReviewDetailSchema, type ReviewDetail } from '@rota/contracts';
import { isPending } from '../model/review-view';
import { REVIEW_POLL_MS } from './list-reviews';
import { reviewKeys } from './review-keys';

/** GET /api/reviews/{reviewId}: one review with its findings, coverage and (when any) the model. */
export function fetchReview(reviewId: string, signal?: AbortSignal): Promise<ReviewDetail> {
  return apiRequest(
    {
      method: 'GET',
      url: `/api/reviews/${encodeURIComponent(reviewId)}`,
      ...(signal ? { signal } : {}),
    },
    ReviewDetailSchema,
  );
}

export function useReview(projectId: string, reviewId: string) {
  return useQuery({
    queryKey: reviewKeys.detail(projectId, reviewId),
    queryFn: ({ signal }) => fetchReview(reviewId, signal),
    refetchInterval: (query) =>
      query.state.data && isPending(query.state.data) ? REVIEW_POLL_MS : false,
  });
}
