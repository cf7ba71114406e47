import type { JobSummary } from '@rota/contracts';
import type { AnalysisView, ResultOf } from '../api/analysis-kinds';
import type { AnalysisEntry } from '../api/fetch-analysis';
import { isJobActive } from '../api/get-job';

/** What one repository's analysis looks like right now, from its entry and the polled job. */
export type EntryView<K extends AnalysisView> =
  | {
      phase: 'ready';
      result: ResultOf<K>;
      /** Older than the repository: a newer result is being computed, or the last try failed. */
      stale: boolean;
      /** The job computing a newer result, while it runs. */
      updating: JobSummary | null;
      /** The job that failed to compute a newer result. */
      lastFailure: JobSummary | null;
    }
  | { phase: 'working'; job: JobSummary }
  | { phase: 'failed'; job: JobSummary | null }
  | { phase: 'archived' }
  | { phase: 'notAnalyzed' }
  | { phase: 'invalid' };

export function describeEntry<K extends AnalysisView>(
  entry: AnalysisEntry<K>,
  jobs: ReadonlyMap<string, JobSummary>,
  archived: boolean,
): EntryView<K> {
  // The polled state is newer than the one the analysis answer carried.
  const job = entry.job ? (jobs.get(entry.job.id) ?? entry.job) : null;
  if (entry.invalidResult) return { phase: 'invalid' };
  if (entry.result !== null) {
    return {
      phase: 'ready',
      result: entry.result,
      stale: entry.stale,
      updating: job && isJobActive(job) ? job : null,
      lastFailure: job?.status === 'failed' && entry.stale ? job : null,
    };
  }
  if (job && (isJobActive(job) || entry.status === 'queued' || entry.status === 'running')) {
    return { phase: 'working', job };
  }
  if (entry.status === 'failed' || job?.status === 'failed') return { phase: 'failed', job };
  return archived ? { phase: 'archived' } : { phase: 'notAnalyzed' };
}

/** The 202's jobs as one: the mean progress, the stage of the job furthest from done. */
export function combineJobs(jobs: readonly JobSummary[]): JobSummary | null {
  if (jobs.length === 0) return null;
  const progress = Math.round(jobs.reduce((sum, job) => sum + job.progress, 0) / jobs.length);
  const slowest = [...jobs].sort((a, b) => a.progress - b.progress)[0]!;
  return { ...slowest, progress };
}
