import { GitHubTokenStatusSchema, type GitHubTokenStatus } from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SETTINGS_PATHS } from './paths';
import { accountKeys } from './query-keys';

/** PUT /api/user/github-token: GitHub checks the token before the server keeps it. */
export function connectGitHubToken(token: string): Promise<GitHubTokenStatus> {
  return apiRequest(
    { method: 'PUT', url: SETTINGS_PATHS.githubToken, data: { token } },
    GitHubTokenStatusSchema,
  );
}

export function useConnectGitHubToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: connectGitHubToken,
    onSuccess: (status) => client.setQueryData(accountKeys.githubToken, status),
  });
}
