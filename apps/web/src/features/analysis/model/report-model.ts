import type { JobSummary, ProjectRepo } from '@rota/contracts';
import { ANALYSIS_VIEWS, type AnalysisView, type ResultOf } from '../api/analysis-kinds';
import type { AnalysisSnapshot } from '../api/fetch-analysis';
import { combineJobs, describeEntry } from './entry-view';

/** One analysis of one repository as the report shows and exports it. */
export type ReportItem<K extends AnalysisView> =
  | {
      state: 'ready';
      result: ResultOf<K>;
      commit: string | null;
      analyzedAt: string | null;
      analyzerVersion: string | null;
      stale: boolean;
    }
  | { state: 'working'; job: Pick<JobSummary, 'progress' | 'stage' | 'status'> }
  | { state: 'failed'; job: JobSummary | null }
  | { state: 'unavailable'; reason: 'loading' | 'error' | 'archived' | 'notAnalyzed' | 'invalid' };

export type ReportRepo = Pick<
  ProjectRepo,
  'id' | 'name' | 'owner' | 'repo' | 'url' | 'branch' | 'provider'
>;

export interface ReportRepository {
  repo: ReportRepo;
  items: { [K in AnalysisView]: ReportItem<K> };
}

export interface Report {
  project: { id: string; name: string };
  generatedAt: string;
  repositories: ReportRepository[];
}

export interface ViewState<K extends AnalysisView> {
  snapshot: AnalysisSnapshot<K> | undefined;
  failed: boolean;
  jobs: ReadonlyMap<string, JobSummary>;
}

export function reportItem<K extends AnalysisView>(
  state: ViewState<K>,
  repoId: string,
  archived: boolean,
): ReportItem<K> {
  const { snapshot, jobs } = state;
  if (!snapshot) return { state: 'unavailable', reason: state.failed ? 'error' : 'loading' };
  if (snapshot.state === 'accepted') {
    const job = combineJobs(snapshot.accepted.jobs.map((item) => jobs.get(item.id) ?? item));
    return {
      state: 'working',
      job: job ?? {
        progress: snapshot.accepted.progress,
        stage: null,
        status: snapshot.accepted.status,
      },
    };
  }
  const entry = snapshot.entries.find((candidate) => candidate.repoId === repoId);
  if (!entry) return { state: 'unavailable', reason: 'loading' };
  const view = describeEntry(entry, jobs, archived);
  switch (view.phase) {
    case 'ready':
      return {
        state: 'ready',
        result: view.result,
        commit: entry.commit,
        analyzedAt: entry.analyzedAt,
        analyzerVersion: entry.analyzerVersion,
        stale: view.stale,
      };
    case 'working':
      return { state: 'working', job: view.job };
    case 'failed':
      return { state: 'failed', job: view.job };
    default:
      return { state: 'unavailable', reason: view.phase };
  }
}

/** The whole report: every repository of the project, each with its four analyses. */
export function buildReport(
  project: { id: string; name: string; status: string; repos: readonly ReportRepo[] },
  states: { [K in AnalysisView]: ViewState<K> },
  now: Date,
): Report {
  const archived = project.status === 'archived';
  return {
    project: { id: project.id, name: project.name },
    generatedAt: now.toISOString(),
    repositories: project.repos.map((repo) => ({
      repo: {
        id: repo.id,
        name: repo.name,
        owner: repo.owner,
        repo: repo.repo,
        url: repo.url,
        branch: repo.branch,
        provider: repo.provider,
      },
      items: {
        branches: reportItem(states.branches, repo.id, archived),
        readme: reportItem(states.readme, repo.id, archived),
        structure: reportItem(states.structure, repo.id, archived),
        diagram: reportItem(states.diagram, repo.id, archived),
      },
    })),
  };
}

export const reportComplete = (report: Report) =>
  report.repositories.every((repository) =>
    ANALYSIS_VIEWS.every((kind) => {
      const item = repository.items[kind];
      return (
        item.state !== 'working' && !(item.state === 'unavailable' && item.reason === 'loading')
      );
    }),
  );

/** The JSON export: the report as data, results exactly as the API gave them. */
export function reportToJson(report: Report): string {
  return `${JSON.stringify({ format: 'rota-analysis-report', version: 1, ...report }, null, 2)}\n`;
}
