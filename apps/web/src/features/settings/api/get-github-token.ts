import { GitHubTokenStatusSchema, type GitHubTokenStatus } from '@rota/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SETTINGS_PATHS } from './paths';
import { accountKeys } from './query-keys';

/** GET /api/user/github-token: the connected token (never the token itself) and which is in use. */
export function fetchGitHubToken(signal?: AbortSignal): Promise<GitHubTokenStatus> {
  return apiRequest(
    { method: 'GET', url: SETTINGS_PATHS.githubToken, ...(signal ? { signal } : {}) },
    GitHubTokenStatusSchema,
  );
}

export const githubTokenQueryOptions = queryOptions({
  queryKey: accountKeys.githubToken,
  queryFn: ({ signal }) => fetchGitHubToken(signal),
});

export function useGitHubToken() {
  return useQuery(githubTokenQueryOptions);
}
