import { ProjectListResponseSchema } from '@rota/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How many projects the user has: the length of GET /api/projects, never a made-up number. */
export async function fetchProjectCount(): Promise<number> {
  const projects = await apiRequest(
    { method: 'GET', url: '/api/projects' },
    ProjectListResponseSchema,
  );
  return projects.length;
}

export function useProjectCount() {
  return useQuery({ queryKey: ['dashboard', 'project-count'], queryFn: fetchProjectCount });
}
