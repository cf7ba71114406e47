import { PullRequestListSchema, type PullRequestList } from '@rota/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { isSyncing } from '../model/sync-status';
import { pullRequestKeys, type PullRequestFilters } from './pull-request-keys';

export const PULL_REQUESTS_PER_PAGE = 25;

/** How often the list is read again while a repository's sync is queued or running. */
export const SYNC_POLL_MS = 3000;

/** GET /api/projects/{id}/pull-requests: one page of the project's stored pull requests. */
export function fetchPullRequests(
  projectId: string,
  filters: PullRequestFilters,
  signal?: AbortSignal,
): Promise<PullRequestList> {
  return apiRequest(
    {
      method: 'GET',
      url: `/api/projects/${encodeURIComponent(projectId)}/pull-requests`,
      params: {
        state: filters.state,
        page: filters.page,
        per_page: PULL_REQUESTS_PER_PAGE,
        ...(filters.search ? { search: filters.search } : {}),
      },
      ...(signal ? { signal } : {}),
    },
    PullRequestListSchema,
  );
}

export const pullRequestsQueryOptions = (projectId: string, filters: PullRequestFilters) =>
  queryOptions({
    queryKey: pullRequestKeys.list(projectId, filters),
    queryFn: ({ signal }) => fetchPullRequests(projectId, filters, signal),
    // The previous page (or filter) stays on screen while the next loads: the list does not jump.
    placeholderData: keepPreviousData,
    // Polls only while a sync is queued or running; stops by itself once every repository is done.
    refetchInterval: (query) => (isSyncing(query.state.data) ? SYNC_POLL_MS : false),
  });

export function usePullRequests(projectId: string, filters: PullRequestFilters) {
  return useQuery(pullRequestsQueryOptions(projectId, filters));
}
