import { RepoFailureListSchema, type RepoFailure } from '@rota/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PROJECTS_QUERY_ROOT } from '../../../lib/query-keys';

/**
 * Under the projects root: a saved project (a new branch, a new URL) refreshes its failures with
 * everything else built on /api/projects.
 */
export const repoFailureKeys = {
  of: (projectId: string | null) => [PROJECTS_QUERY_ROOT, 'failures', projectId ?? 'all'] as const,
};

/** GET /api/repository-failures: what failed on the user's (or one project's) repositories. */
export function fetchRepoFailures(
  projectId: string | null,
  signal?: AbortSignal,
): Promise<RepoFailure[]> {
  return apiRequest(
    {
      method: 'GET',
      url: '/api/repository-failures',
      ...(projectId ? { params: { project_id: projectId } } : {}),
      ...(signal ? { signal } : {}),
    },
    RepoFailureListSchema,
  );
}

/**
 * A failure shown a minute late costs little; one that cleared (an analysis that now succeeds)
 * leaves on the next read. Failing to read them hides nothing else on the page.
 */
export function useRepoFailures(projectId: string | null) {
  return useQuery({
    queryKey: repoFailureKeys.of(projectId),
    queryFn: ({ signal }) => fetchRepoFailures(projectId, signal),
    staleTime: 30_000,
    // A project's page starts its analyses as it opens: what fails shows up while it is open.
    ...(projectId ? { refetchInterval: 10_000 } : {}),
  });
}

/** The failures grouped by project, for the project list. */
export function failuresByProject(failures: RepoFailure[] | undefined): Map<string, RepoFailure[]> {
  const byProject = new Map<string, RepoFailure[]>();
  for (const failure of failures ?? [])
    byProject.set(failure.projectId, [...(byProject.get(failure.projectId) ?? []), failure]);
  return byProject;
}
