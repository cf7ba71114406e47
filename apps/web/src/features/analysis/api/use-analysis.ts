import type { JobSummary } from '@rota/contracts';
import {
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { toApiError } from '../../../lib/api-error';
import type { AnalysisView } from './analysis-kinds';
import { analysisKeys } from './analysis-keys';
import { fetchAnalysis, type AnalysisSnapshot } from './fetch-analysis';
import { fetchJob, isJobActive } from './get-job';

/** How often a running job is asked for its progress. */
export const JOB_POLL_MS = 1000;

/** A job the server no longer knows (404): nothing more to follow; the analysis is read again. */
const jobGone = (error: unknown) => error !== null && toApiError(error).status === 404;

/** A job followed until it finishes: asked again every second while queued or running. */
export const jobQuery = (projectId: string, jobId: string) =>
  queryOptions({
    queryKey: analysisKeys.job(projectId, jobId),
    queryFn: ({ signal }) => fetchJob(jobId, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      (query.state.data && !isJobActive(query.state.data)) || jobGone(query.state.error)
        ? false
        : JOB_POLL_MS,
  });

/** The jobs still running behind a snapshot: the 202's, or those of entries being (re)computed. */
export function activeJobIds(snapshot: AnalysisSnapshot<AnalysisView> | undefined): string[] {
  if (!snapshot) return [];
  if (snapshot.state === 'accepted') {
    const ids = snapshot.accepted.jobs.filter(isJobActive).map((job) => job.id);
    return ids.length > 0 ? ids : [snapshot.accepted.jobId];
  }
  return [
    ...new Set(
      snapshot.entries.flatMap((entry) =>
        entry.job && isJobActive(entry.job) ? [entry.job.id] : [],
      ),
    ),
  ];
}

/** One analysis of a project as a query (also fetched before a page's first render: app/routes). */
export const analysisQueryOptions = <K extends AnalysisView>(projectId: string, kind: K) =>
  queryOptions({
    queryKey: analysisKeys.view(projectId, kind),
    queryFn: ({ signal }) => fetchAnalysis(projectId, kind, { signal }),
  });

/**
 * One analysis of a project: the stored results per repository, the jobs computing new ones
 * (polled every second, their latest state in `jobs`), and a refresh that forces a recompute.
 * When a polled job finishes, the analysis is read again: it then holds the result or the failure.
 */
export function useAnalysis<K extends AnalysisView>(projectId: string, kind: K) {
  const client = useQueryClient();
  const key = analysisKeys.view(projectId, kind);
  const query = useQuery(analysisQueryOptions(projectId, kind));

  const watched = activeJobIds(query.data);
  const polled = useQueries({ queries: watched.map((jobId) => jobQuery(projectId, jobId)) });

  // The latest polled state of each job (cheap to rebuild: a handful of jobs).
  const jobs = new Map<string, JobSummary>();
  for (const result of polled) if (result.data) jobs.set(result.data.id, result.data);

  const finished = watched
    .filter((_jobId, index) => {
      const result = polled[index];
      return (result?.data && !isJobActive(result.data)) || jobGone(result?.error ?? null);
    })
    .join(',');
  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: key, exact: true });
    // `key` is rebuilt each render from the same inputs; `finished` says when to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished, client]);

  const refresh = useMutation({
    mutationFn: () => fetchAnalysis(projectId, kind, { refresh: true }),
    onSuccess: (snapshot) => client.setQueryData(key, snapshot),
  });

  return { query, jobs, refresh };
}

export type AnalysisState<K extends AnalysisView> = ReturnType<typeof useAnalysis<K>>;
