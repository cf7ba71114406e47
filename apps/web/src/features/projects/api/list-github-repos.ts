import { GitHubRepoListSchema, type GitHubRepoList } from '@rota/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const GITHUB_REPOS_PER_PAGE = 10;

export interface GitHubRepoQuery {
  search: string;
  page: number;
}

/** GET /api/repos/github: the signed-in user's GitHub repositories, newest push first. */
export function fetchGitHubRepos(
  query: GitHubRepoQuery,
  signal?: AbortSignal,
): Promise<GitHubRepoList> {
  return apiRequest(
    {
      method: 'GET',
      url: '/api/repos/github',
      params: {
        page: query.page,
        per_page: GITHUB_REPOS_PER_PAGE,
        ...(query.search ? { search: query.search } : {}),
      },
      ...(signal ? { signal } : {}),
    },
    GitHubRepoListSchema,
  );
}

export const githubReposQueryOptions = (query: GitHubRepoQuery) =>
  queryOptions({
    queryKey: ['github-repos', query.search, query.page] as const,
    queryFn: ({ signal }) => fetchGitHubRepos(query, signal),
    // The previous page stays on screen while the next loads: the list does not jump.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // 4xx (not connected, token revoked) will not change by asking again.
    retry: false,
  });
