import { TeamSchema, type Team } from '@rota/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { analyticsKeys } from './analytics-keys';

/** GET /api/projects/{id}/teams: the teams the figures can be filtered by. */
export function fetchProjectTeams(projectId: string, signal?: AbortSignal): Promise<Team[]> {
  return apiRequest(
    {
      method: 'GET',
      url: `/api/projects/${encodeURIComponent(projectId)}/teams`,
      ...(signal ? { signal } : {}),
    },
    z.array(TeamSchema),
  );
}

/** The project's teams; a failed read leaves the filter out rather than blocking the figures. */
export function useProjectTeams(projectId: string) {
  return useQuery({
    queryKey: analyticsKeys.teams(projectId),
    queryFn: ({ signal }) => fetchProjectTeams(projectId, signal),
    retry: false,
  });
}
