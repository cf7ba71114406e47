import type { JobSummary } from '@rota/contracts';
import { ANALYSIS_VIEWS, type AnalysisView } from '../../api/analysis-kinds';
import type { Report, ReportRepository } from '../report-model';

/**
 * One repository's state as a leader reads it: its analyses failed (one box, one retry for all),
 * are still being computed with nothing to show yet, or have results to show.
 */
export type RepoStatus =
  | {
      state: 'failed';
      /** The failed analyses; their errors usually share one cause (one fetch serves all four). */
      failed: AnalysisView[];
      /** Each distinct error once (the same code and message for four kinds is said once). */
      errors: Array<Pick<JobSummary, 'error'> | null>;
    }
  | { state: 'working'; done: number; total: number; progress: number }
  | { state: 'shown' };

export function repoStatus(repository: ReportRepository): RepoStatus {
  const items = ANALYSIS_VIEWS.map((kind) => ({ kind, item: repository.items[kind] }));
  const failed = items.filter(({ item }) => item.state === 'failed');
  if (failed.length > 0) {
    const seen = new Set<string>();
    const errors: Array<Pick<JobSummary, 'error'> | null> = [];
    for (const { item } of failed) {
      const job = item.state === 'failed' ? item.job : null;
      const key = job?.error ? `${job.error.code}\u0000${job.error.message}` : '';
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push(job ? { error: job.error } : null);
    }
    return { state: 'failed', failed: failed.map(({ kind }) => kind), errors };
  }
  const ready = items.filter(({ item }) => item.state === 'ready').length;
  const working = items.filter(
    ({ item }) =>
      item.state === 'working' || (item.state === 'unavailable' && item.reason === 'loading'),
  );
  if (ready === 0 && working.length > 0) {
    // Each analysis counts from 0 to 100; the finished ones count as 100.
    const progress = items.reduce(
      (sum, { item }) =>
        sum +
        (item.state === 'working'
          ? item.job.progress
          : item.state === 'unavailable' && item.reason === 'loading'
            ? 0
            : 100),
      0,
    );
    return {
      state: 'working',
      done: items.length - working.length,
      total: items.length,
      progress: Math.round(progress / items.length),
    };
  }
  return { state: 'shown' };
}

/** The newest `analyzedAt` among the analyses with a result: "last analysed". */
export function lastAnalysed(repository: ReportRepository): string | null {
  let newest: string | null = null;
  for (const kind of ANALYSIS_VIEWS) {
    const item = repository.items[kind];
    if (item.state !== 'ready' || !item.analyzedAt) continue;
    if (newest === null || Date.parse(item.analyzedAt) > Date.parse(newest))
      newest = item.analyzedAt;
  }
  return newest;
}

/** Whether any analysis of any repository has a result (else the summary says nothing is analysed). */
export const analysedAnything = (report: Report) => report.repositories.some(hasResults);

/** Whether any analysis of this repository has a result to show (beside a failure of another). */
export const hasResults = (repository: ReportRepository) =>
  ANALYSIS_VIEWS.some((kind) => repository.items[kind].state === 'ready');
