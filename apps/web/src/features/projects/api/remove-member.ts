import { DeletedResponseSchema } from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { memberRemoved } from '../project-cache';

/** DELETE /api/projects/{id}/members/{memberId}. */
export function removeMember(
  projectId: string,
  memberId: string,
): Promise<{ id: string; deleted: true }> {
  return apiRequest(
    {
      method: 'DELETE',
      url: `/api/projects/${encodeURIComponent(projectId)}/members/${encodeURIComponent(memberId)}`,
    },
    DeletedResponseSchema,
  );
}

export function useRemoveMember(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => removeMember(projectId, memberId),
    onSuccess: (_result, memberId) => memberRemoved(client, projectId, memberId),
  });
}
