import { ProjectSchema, type Project } from '@rota/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useProjectStore } from '../project-store';
import { projectKeys } from './query-keys';
import { projectPath } from './paths';

/** GET /api/projects/{id}: one project with its repositories and team. */
export function fetchProject(id: string, signal?: AbortSignal): Promise<Project> {
  return apiRequest(
    {
      method: 'GET',
      url: projectPath(id),
      ...(signal ? { signal } : {}),
    },
    ProjectSchema,
  );
}

export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => fetchProject(id, signal),
  });

/** A project deleted in this session is never asked for again (it would only answer 404). */
export function useProject(id: string) {
  const deleted = useProjectStore((state) => state.deletedIds.has(id));
  return useQuery({ ...projectQueryOptions(id), enabled: !deleted });
}
