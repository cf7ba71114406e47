import { ProjectSchema, type CreateProjectBody, type Project } from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { projectCreated } from '../project-cache';

/** POST /api/projects (spec §3 create payload); answers the new project with its repositories. */
export function createProject(body: CreateProjectBody): Promise<Project> {
  return apiRequest({ method: 'POST', url: '/api/projects', data: body }, ProjectSchema);
}

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    // The cache shows the change at once; the lists' background refresh is not waited for.
    onSuccess: (project) => void projectCreated(client, project),
  });
}
