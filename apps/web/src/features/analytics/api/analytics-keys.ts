import type { AnalyticsAuthors } from '@rota/contracts';
import { projectResourcesKey } from '../../../lib/query-keys';
import { DEFAULT_PERIOD, type PeriodChoice } from '../../../lib/period';

/** What the tab asks for: the period, whose work counts, and optionally one team's. */
export interface AnalyticsFilters {
  period: PeriodChoice;
  authors: AnalyticsAuthors;
  /** A team's id; absent for everyone. */
  team?: string | undefined;
}

export const DEFAULT_ANALYTICS_FILTERS = { period: DEFAULT_PERIOD, authors: 'humans' } as const;

/** Under the project's resources, so the projects feature drops them with the project. */
export const analyticsKeys = {
  all: (projectId: string) => [...projectResourcesKey(projectId), 'analytics'] as const,
  one: (projectId: string, filters: AnalyticsFilters) =>
    [...projectResourcesKey(projectId), 'analytics', filters] as const,
  teams: (projectId: string) => [...projectResourcesKey(projectId), 'teams'] as const,
};
