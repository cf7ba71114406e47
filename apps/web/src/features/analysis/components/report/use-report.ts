import type { Project } from '@rota/contracts';
import type { AnalysisView } from '../../api/analysis-kinds';
import { useAnalysis, type AnalysisState } from '../../api/use-analysis';
import { buildReport, reportComplete, type ViewState } from '../../model/report-model';

const viewState = <K extends AnalysisView>({ query, jobs }: AnalysisState<K>): ViewState<K> => ({
  snapshot: query.data,
  failed: query.isError,
  jobs,
});

/**
 * The four analyses of every repository of a project, each followed until its jobs finish (the
 * same queries, polling and refresh as the project's tabs, so the two pages share one cache).
 */
export function useReport(project: Pick<Project, 'id' | 'name' | 'status' | 'repos'>, now: Date) {
  const analyses = {
    branches: useAnalysis(project.id, 'branches'),
    readme: useAnalysis(project.id, 'readme'),
    structure: useAnalysis(project.id, 'structure'),
    diagram: useAnalysis(project.id, 'diagram'),
  };
  const report = buildReport(
    project,
    {
      branches: viewState(analyses.branches),
      readme: viewState(analyses.readme),
      structure: viewState(analyses.structure),
      diagram: viewState(analyses.diagram),
    },
    now,
  );
  // Every analysis has answered once (with data or an error): until then nothing is known yet,
  // which is not the same as "nothing analysed" (the Overview shows its frame meanwhile).
  const answered = Object.values(analyses).every(({ query }) => !query.isPending);
  return { report, complete: reportComplete(report), answered };
}
