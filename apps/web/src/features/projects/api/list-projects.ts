import { ProjectListResponseSchema, type ProjectSummary } from '@rota/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { DEFAULT_FILTERS, projectKeys, type ProjectFilters } from './query-keys';
import { PROJECT_LIST_PATH } from './paths';

/** GET /api/projects?search=&status=: the signed-in user's projects, newest change first. */
export function fetchProjects(
  filters: ProjectFilters = DEFAULT_FILTERS,
  signal?: AbortSignal,
): Promise<ProjectSummary[]> {
  const search = filters.search.trim();
  return apiRequest(
    {
      method: 'GET',
      url: PROJECT_LIST_PATH,
      params: {
        ...(search ? { search } : {}),
        ...(filters.status !== 'all' ? { status: filters.status } : {}),
      },
      ...(signal ? { signal } : {}),
    },
    ProjectListResponseSchema,
  );
}

export const projectsQueryOptions = (filters: ProjectFilters = DEFAULT_FILTERS) =>
  queryOptions({
    queryKey: projectKeys.list(filters),
    queryFn: ({ signal }) => fetchProjects(filters, signal),
  });

/** While a new search loads, the previous results stay on screen instead of skeletons. */
export function useProjects(filters: ProjectFilters = DEFAULT_FILTERS) {
  return useQuery({ ...projectsQueryOptions(filters), placeholderData: keepPreviousData });
}
