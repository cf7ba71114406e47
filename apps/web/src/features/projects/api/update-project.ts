import { ProjectSchema, type Project, type UpdateProjectBody } from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { projectUpdated } from '../project-cache';

export interface UpdateProjectInput {
  id: string;
  body: UpdateProjectBody;
}

/** PUT /api/projects/{id}: given `repos` replace the set; kept repositories keep their ids. */
export function updateProject({ id, body }: UpdateProjectInput): Promise<Project> {
  return apiRequest(
    { method: 'PUT', url: `/api/projects/${encodeURIComponent(id)}`, data: body },
    ProjectSchema,
  );
}

export function useUpdateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    // The cache shows the change at once; the lists' background refresh is not waited for.
    onSuccess: (project) => void projectUpdated(client, project),
  });
}
