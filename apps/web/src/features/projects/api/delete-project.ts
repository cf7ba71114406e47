import { DeletedResponseSchema } from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { projectDeleted } from '../project-cache';

/** DELETE /api/projects/{id}: the project with its repositories and team. */
export function deleteProject(id: string): Promise<{ id: string; deleted: true }> {
  return apiRequest(
    { method: 'DELETE', url: `/api/projects/${encodeURIComponent(id)}` },
    DeletedResponseSchema,
  );
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_result, id) => void projectDeleted(client, id),
  });
}
