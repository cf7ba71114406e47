import { TeamMemberSchema, type AddMemberBody, type TeamMember } from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { memberAdded } from '../project-cache';

export type AddMemberInput = Omit<AddMemberBody, 'contributions'> & { contributions?: number };

/** POST /api/projects/{id}/members. */
export function addMember(projectId: string, body: AddMemberInput): Promise<TeamMember> {
  return apiRequest(
    { method: 'POST', url: `/api/projects/${encodeURIComponent(projectId)}/members`, data: body },
    TeamMemberSchema,
  );
}

export function useAddMember(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddMemberInput) => addMember(projectId, body),
    onSuccess: (member) => memberAdded(client, projectId, member),
  });
}
