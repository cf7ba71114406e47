import { ProjectAnalyticsSchema, type ProjectAnalytics } from '@rota/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYTICS_TIMEOUT_MS } from '../../../lib/api-config';
import { apiRequest } from '../../../lib/api-client';
import { periodParams } from '../../../lib/period';
import { analyticsKeys, type AnalyticsFilters } from './analytics-keys';

/**
 * Spec §8: analytics that fail the schema are returned unvalidated, not refused. The answer is
 * still checked, so a drift is logged for whoever looks, and the tab shows what it can read.
 */
export function acceptAnalytics(data: unknown): ProjectAnalytics {
  const parsed = ProjectAnalyticsSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  console.warn('Analytics answer does not match the contract; shown unvalidated', parsed.error);
  return data as ProjectAnalytics;
}

/** GET /api/projects/{id}/analytics: the project's figures for one period, author kind and team. */
export async function fetchProjectAnalytics(
  projectId: string,
  filters: AnalyticsFilters,
  signal?: AbortSignal,
): Promise<ProjectAnalytics> {
  const data = await apiRequest({
    method: 'GET',
    url: `/api/projects/${encodeURIComponent(projectId)}/analytics`,
    params: {
      ...periodParams(filters.period),
      authors: filters.authors,
      ...(filters.team ? { team: filters.team } : {}),
    },
    // Spec §9: analytics may take minutes on a large project the first time.
    timeout: ANALYTICS_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
  return acceptAnalytics(data);
}

export const projectAnalyticsQueryOptions = (projectId: string, filters: AnalyticsFilters) =>
  queryOptions({
    queryKey: analyticsKeys.one(projectId, filters),
    queryFn: ({ signal }) => fetchProjectAnalytics(projectId, filters, signal),
    // The previous period stays on screen while the next loads: the page does not jump.
    placeholderData: keepPreviousData,
  });

export function useProjectAnalytics(projectId: string, filters: AnalyticsFilters) {
  return useQuery(projectAnalyticsQueryOptions(projectId, filters));
}
