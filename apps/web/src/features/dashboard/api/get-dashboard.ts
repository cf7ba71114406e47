import { DashboardSchema, type Dashboard } from '@rota/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYTICS_TIMEOUT_MS } from '../../../lib/api-config';
import { apiRequest } from '../../../lib/api-client';
import { DEFAULT_PERIOD, periodParams, samePeriod, type PeriodChoice } from '../../../lib/period';
import { PROJECTS_QUERY_ROOT } from '../../../lib/query-keys';
import { DASHBOARD_PATHS } from './paths';

/**
 * GET /api/dashboard?days=|from=&to=: the figures across all the user's projects for one period.
 * Computed like the analytics, so it gets their timeout (spec §9). Under the projects root, so a
 * changed project refreshes it.
 */
export function fetchDashboard(period: PeriodChoice, signal?: AbortSignal): Promise<Dashboard> {
  return apiRequest(
    {
      method: 'GET',
      url: DASHBOARD_PATHS.insights,
      // The default period is the server's too: its address stays the one the app asks for early.
      ...(samePeriod(period, DEFAULT_PERIOD) ? {} : { params: periodParams(period) }),
      timeout: ANALYTICS_TIMEOUT_MS,
      ...(signal ? { signal } : {}),
    },
    DashboardSchema,
  );
}

export const dashboardQueryOptions = (period: PeriodChoice) =>
  queryOptions({
    queryKey: [PROJECTS_QUERY_ROOT, 'dashboard-insights', period],
    queryFn: ({ signal }) => fetchDashboard(period, signal),
    // The previous period stays on screen while the next loads.
    placeholderData: keepPreviousData,
  });

export function useDashboard(period: PeriodChoice) {
  return useQuery(dashboardQueryOptions(period));
}
