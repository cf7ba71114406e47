import type { RepoFailure } from '@rota/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * Tries a failure's work again: the repository's analyses (a fetch or an analysis that may pass),
 * or its pull-request sync. Only offered for failures the server calls temporary.
 */
export async function retryFailure(failure: RepoFailure): Promise<void> {
  const project = encodeURIComponent(failure.projectId);
  await apiRequest({
    method: 'POST',
    url:
      failure.source === 'sync'
        ? `/api/projects/${project}/pull-requests/sync`
        : `/api/projects/${project}/repos/${encodeURIComponent(failure.repoId)}/analyses`,
  });
}
