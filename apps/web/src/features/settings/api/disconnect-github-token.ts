import { GitHubTokenStatusSchema, type GitHubTokenStatus } from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SETTINGS_PATHS } from './paths';
import { accountKeys } from './query-keys';

/** DELETE /api/user/github-token: Rota forgets the token (it stays valid on GitHub). */
export function disconnectGitHubToken(): Promise<GitHubTokenStatus> {
  return apiRequest({ method: 'DELETE', url: SETTINGS_PATHS.githubToken }, GitHubTokenStatusSchema);
}

export function useDisconnectGitHubToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disconnectGitHubToken,
    onSuccess: (status) => client.setQueryData(accountKeys.githubToken, status),
  });
}
