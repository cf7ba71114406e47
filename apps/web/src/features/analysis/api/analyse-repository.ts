import { RepoAnalysesAcceptedSchema, type RepoAnalysesAccepted } from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { analysisKeys } from './analysis-keys';

/** POST /api/projects/{id}/repos/{repoId}/analyses: every analysis of one repository, again. */
export function analyseRepository(
  projectId: string,
  repoId: string,
): Promise<RepoAnalysesAccepted> {
  return apiRequest(
    {
      method: 'POST',
      url: `/api/projects/${encodeURIComponent(projectId)}/repos/${encodeURIComponent(repoId)}/analyses`,
    },
    RepoAnalysesAcceptedSchema,
  );
}

/**
 * One retry for a failed repository. The analyses are read again afterwards: their entries then
 * carry the new jobs, which the views poll as they do for any running job.
 */
export function useAnalyseRepository(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (repoId: string) => analyseRepository(projectId, repoId),
    onSettled: () => client.invalidateQueries({ queryKey: analysisKeys.all(projectId) }),
  });
}
