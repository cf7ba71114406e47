import { projectResourcesKey } from '../../../lib/query-keys';

/**
 * Under the project's resources, so the projects feature drops them with the project (another
 * project opened, the project deleted) as it does the pull requests.
 */
export const reviewKeys = {
  all: (projectId: string) => [...projectResourcesKey(projectId), 'reviews'] as const,
  list: (projectId: string) => [...projectResourcesKey(projectId), 'reviews', 'list'] as const,
  detail: (projectId: string, reviewId: string) =>
    [...projectResourcesKey(projectId), 'reviews', 'detail', reviewId] as const,
};
