import { DashboardSchema, type Dashboard } from '@rota/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYTICS_TIMEOUT_MS } from '../../../lib/api-config';
import { apiRequest } from '../../../lib/api-client';
import { PROJECTS_QUERY_ROOT } from '../../../lib/query-keys';
import { DASHBOARD_PATHS } from './paths';

/**
 * GET /api/dashboard: the figures across all the user's projects. Computed like the analytics, so
 * it gets their timeout (spec §9). Under the projects root, so a changed project refreshes it.
 */
export function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest(
    {
      method: 'GET',
      url: DASHBOARD_PATHS.insights,
      timeout: ANALYTICS_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    },
    DashboardSchema,
  );
}

export const dashboardQueryOptions = queryOptions({
  queryKey: [PROJECTS_QUERY_ROOT, 'dashboard-insights'],
  queryFn: ({ signal }) => fetchDashboard(signal),
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
