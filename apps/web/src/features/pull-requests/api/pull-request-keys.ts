import type { PullRequestStateFilter } from '@rota/contracts';
import { projectResourcesKey } from '../../../lib/query-keys';

/** What the list asks for: the state filter, the (trimmed) search and the page. */
export interface PullRequestFilters {
  state: PullRequestStateFilter;
  search: string;
  page: number;
}

export const DEFAULT_PULL_REQUEST_FILTERS: PullRequestFilters = {
  state: 'open',
  search: '',
  page: 1,
};

/**
 * Under the project's resources, so the projects feature drops them with the project (another
 * project opened, the project deleted) as it does the analyses.
 */
export const pullRequestKeys = {
  all: (projectId: string) => [...projectResourcesKey(projectId), 'pull-requests'] as const,
  list: (projectId: string, filters: PullRequestFilters) =>
    [...projectResourcesKey(projectId), 'pull-requests', 'list', filters] as const,
};
