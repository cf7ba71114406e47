import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ReviewListSchema, type ReviewList } from '@rota/contracts';
import { anyPending } from '../model/review-view';
import { reviewKeys } from './review-keys';

/** How often the list and a pending review are read again while a review is queued or running. */
export const REVIEW_POLL_MS = 3000;

/** GET /api/projects/{id}/reviews: the newest reviews of the project's GitHub repositories. */
export function fetchReviews(projectId: string, signal?: AbortSignal): Promise<ReviewList> {
  return apiRequest(
    {
      method: 'GET',
      url: `/api/projects/${encodeURIComponent(projectId)}/reviews`,
      ...(signal ? { signal } : {}),
    },
    ReviewListSchema,
  );
}

export const reviewsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: reviewKeys.list(projectId),
    queryFn: ({ signal }) => fetchReviews(projectId, signal),
    // Polls only while a review waits for its verdict; stops by itself once none does.
    refetchInterval: (query) => (anyPending(query.state.data) ? REVIEW_POLL_MS : false),
  });

export function useReviews(projectId: string) {
  return useQuery(reviewsQueryOptions(projectId));
}
