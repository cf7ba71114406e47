import { z } from 'zod';
import {
  MyFiguresSchema,
  PersonFiguresSchema,
  ProjectIdentitiesSchema,
  TeamSchema,
  type AnalyticsPeriod,
  type Identity,
  type MyFigures,
  type PersonFigures,
  type ProjectIdentities,
  type Team,
  type TeamInput,
} from '@rota/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PROJECTS_QUERY_ROOT, projectResourcesKey } from '../../../lib/query-keys';

/** Under the project's resources, so the projects feature drops them with the project. */
export const teamKeys = {
  all: (projectId: string) => [...projectResourcesKey(projectId), 'teams'] as const,
  teams: (projectId: string) => [...projectResourcesKey(projectId), 'teams', 'list'] as const,
  identities: (projectId: string) =>
    [...projectResourcesKey(projectId), 'teams', 'identities'] as const,
  figures: (projectId: string, memberId: string, days: AnalyticsPeriod) =>
    [...projectResourcesKey(projectId), 'teams', 'figures', memberId, days] as const,
  mine: (days: AnalyticsPeriod) => ['me', 'figures', days] as const,
};

const project = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;

export const teamsQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: teamKeys.teams(projectId),
    queryFn: ({ signal }): Promise<Team[]> =>
      apiRequest(
        { method: 'GET', url: `${project(projectId)}/teams`, signal },
        z.array(TeamSchema),
      ),
  });

export const identitiesQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: teamKeys.identities(projectId),
    queryFn: ({ signal }): Promise<ProjectIdentities> =>
      apiRequest(
        { method: 'GET', url: `${project(projectId)}/identities`, signal },
        ProjectIdentitiesSchema,
      ),
  });

export const useTeams = (projectId: string) => useQuery(teamsQueryOptions(projectId));
export const useIdentities = (projectId: string) => useQuery(identitiesQueryOptions(projectId));

/** After a write: teams, identities and the project (its members' contributions) are read again. */
function useRefresh(projectId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: teamKeys.all(projectId) }),
      client.invalidateQueries({ queryKey: [PROJECTS_QUERY_ROOT, 'detail', projectId] }),
    ]);
}

/** POST a new team, or PATCH the one with `teamId`. */
export function useSaveTeam(projectId: string) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: ({ teamId, input }: { teamId?: string; input: TeamInput }): Promise<Team> =>
      apiRequest(
        teamId
          ? {
              method: 'PATCH',
              url: `${project(projectId)}/teams/${encodeURIComponent(teamId)}`,
              data: input,
            }
          : { method: 'POST', url: `${project(projectId)}/teams`, data: input },
        TeamSchema,
      ),
    onSuccess: refresh,
  });
}

export function useDeleteTeam(projectId: string) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (teamId: string) =>
      apiRequest(
        { method: 'DELETE', url: `${project(projectId)}/teams/${encodeURIComponent(teamId)}` },
        z.object({ id: z.string(), deleted: z.literal(true) }),
      ),
    onSuccess: refresh,
  });
}

/** PUT the member's whole list of identities. */
export function useSaveIdentities(projectId: string, memberId: string) {
  const refresh = useRefresh(projectId);
  return useMutation({
    mutationFn: (identities: Identity[]): Promise<ProjectIdentities> =>
      apiRequest(
        {
          method: 'PUT',
          url: `${project(projectId)}/members/${encodeURIComponent(memberId)}/identities`,
          data: { identities },
        },
        ProjectIdentitiesSchema,
      ),
    onSuccess: refresh,
  });
}

export function usePersonFigures(projectId: string, memberId: string, days: AnalyticsPeriod) {
  return useQuery({
    queryKey: teamKeys.figures(projectId, memberId, days),
    queryFn: ({ signal }): Promise<PersonFigures> =>
      apiRequest(
        {
          method: 'GET',
          url: `${project(projectId)}/people/${encodeURIComponent(memberId)}/figures`,
          params: { days },
          signal,
        },
        PersonFiguresSchema,
      ),
  });
}

/** GET /api/me/figures: the signed-in user's own figures in every project they are a member of. */
export function useMyFigures(days: AnalyticsPeriod) {
  return useQuery({
    queryKey: teamKeys.mine(days),
    queryFn: ({ signal }): Promise<MyFigures> =>
      apiRequest(
        { method: 'GET', url: '/api/me/figures', params: { days }, signal },
        MyFiguresSchema,
      ),
  });
}
