import { ProjectListResponseSchema, type ProjectSummary } from '@rota/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PROJECTS_QUERY_ROOT } from '../../../lib/query-keys';
import { DASHBOARD_PATHS } from './paths';

/**
 * GET /api/projects, once for the whole dashboard: the count is its length (never a made-up
 * number) and, since the API sorts by last change, its head is the recently updated projects.
 * Under the projects root, so creating, changing or deleting a project refreshes it.
 */
export function fetchDashboardProjects(): Promise<ProjectSummary[]> {
  return apiRequest(
    { method: 'GET', url: DASHBOARD_PATHS.projectCount },
    ProjectListResponseSchema,
  );
}

export const dashboardProjectsQuery = queryOptions({
  queryKey: [PROJECTS_QUERY_ROOT, 'dashboard'],
  queryFn: fetchDashboardProjects,
});

export function useProjectCount() {
  return useQuery({ ...dashboardProjectsQuery, select: (projects) => projects.length });
}

export const RECENT_PROJECTS = 3;

export function useRecentProjects() {
  return useQuery({
    ...dashboardProjectsQuery,
    select: (projects) => projects.slice(0, RECENT_PROJECTS),
  });
}
