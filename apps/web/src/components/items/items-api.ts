import { AnalyticsItemsSchema, type AnalyticsItems } from '@rota/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ANALYTICS_TIMEOUT_MS } from '../../lib/api-config';
import { apiRequest } from '../../lib/api-client';
import { PROJECTS_QUERY_ROOT, projectResourcesKey } from '../../lib/query-keys';

/** Whose figures a list stands behind: one project's Analytics tab, or the dashboard. */
export type ItemsScope = { kind: 'project'; projectId: string } | { kind: 'dashboard' };

/** The dashboard names its own figures (open_prs, waiting, …), so the metric is any text here. */
const ItemsAnswerSchema = AnalyticsItemsSchema.extend({ metric: z.string() });
export type ItemsAnswer = Omit<AnalyticsItems, 'metric'> & { metric: string };

export function itemsUrl(scope: ItemsScope): string {
  return scope.kind === 'project'
    ? `/api/projects/${encodeURIComponent(scope.projectId)}/analytics/items`
    : '/api/dashboard/items';
}

export const itemsKey = (scope: ItemsScope, metric: string, params: Record<string, string>) =>
  scope.kind === 'project'
    ? ([...projectResourcesKey(scope.projectId), 'analytics-items', metric, params] as const)
    : ([PROJECTS_QUERY_ROOT, 'dashboard-items', metric, params] as const);

/**
 * `GET …/analytics/items?metric=` or `GET /api/dashboard/items?metric=`: the items behind one
 * figure, for the same period (and, on a project, the same authors and team).
 */
export function useItems(
  scope: ItemsScope,
  metric: string,
  params: Record<string, string>,
  enabled: boolean,
) {
  return useQuery({
    queryKey: itemsKey(scope, metric, params),
    queryFn: ({ signal }): Promise<ItemsAnswer> =>
      apiRequest(
        {
          method: 'GET',
          url: itemsUrl(scope),
          params: { ...params, metric },
          timeout: ANALYTICS_TIMEOUT_MS,
          signal,
        },
        ItemsAnswerSchema,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}
