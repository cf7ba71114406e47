import type { AnalyticsAuthors, AnalyticsPeriod } from '@rota/contracts';
import { projectResourcesKey } from '../../../lib/query-keys';

/** What the tab asks for: the period in days and whose work counts. */
export interface AnalyticsFilters {
  days: AnalyticsPeriod;
  authors: AnalyticsAuthors;
}

export const DEFAULT_ANALYTICS_FILTERS: AnalyticsFilters = { days: 30, authors: 'humans' };

/** Under the project's resources, so the projects feature drops them with the project. */
export const analyticsKeys = {
  all: (projectId: string) => [...projectResourcesKey(projectId), 'analytics'] as const,
  one: (projectId: string, filters: AnalyticsFilters) =>
    [...projectResourcesKey(projectId), 'analytics', filters] as const,
};
