import { ProjectListResponseSchema, type ProjectSummary } from '@rota/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/projects: the signed-in user's projects. */
export function fetchProjects(): Promise<ProjectSummary[]> {
  return apiRequest({ method: 'GET', url: '/api/projects' }, ProjectListResponseSchema);
}

export const projectsQueryKey = ['projects', 'list'] as const;

export function useProjects() {
  return useQuery({ queryKey: projectsQueryKey, queryFn: fetchProjects });
}
