import {
  PullRequestSyncAcceptedSchema,
  type PullRequestList,
  type PullRequestSyncAccepted,
} from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { markQueued } from '../model/sync-status';
import { pullRequestKeys } from './pull-request-keys';

/** POST /api/projects/{id}/pull-requests/sync: a sync of every GitHub repository, answered 202. */
export function syncPullRequests(projectId: string): Promise<PullRequestSyncAccepted> {
  return apiRequest(
    {
      method: 'POST',
      url: `/api/projects/${encodeURIComponent(projectId)}/pull-requests/sync`,
    },
    PullRequestSyncAcceptedSchema,
  );
}

/**
 * "Sync now". The accepted repositories read as queued in every cached page at once (the list's
 * polling starts from that), then the list is read again for the server's own word.
 */
export function useSyncPullRequests(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => syncPullRequests(projectId),
    onSuccess: (accepted) => {
      const queued = new Set(accepted.jobs.map((job) => job.repoId));
      client.setQueriesData<PullRequestList>(
        { queryKey: pullRequestKeys.all(projectId) },
        (list) => (list ? markQueued(list, queued) : list),
      );
      return client.invalidateQueries({ queryKey: pullRequestKeys.all(projectId) });
    },
  });
}
