import { rankFindings, repositoryFindings, type ActionKind, type ReadmeGap } from '@rota/contracts';
import type { AnalysisView } from '../../api/analysis-kinds';
import type { Report, ReportRepo } from '../report-model';

/**
 * "The three things to do first" of a report. The rule itself (packages/contracts'
 * analysis/first-actions.ts, described in docs/analysis/summary.md) is shared with the corpus
 * benchmark's advice audit; this file only reads the report's ready results and adds where each
 * finding's detail lives.
 */
/** Where each finding's detail lives: the analysis (tab, report section) that measured it. */
export const ACTION_VIEW: Record<ActionKind, AnalysisView> = {
  addLicense: 'readme',
  breakCycles: 'diagram',
  addCi: 'readme',
  improveReadme: 'readme',
  deleteMergedBranches: 'branches',
  reviewStaleBranches: 'branches',
};

export interface ActionTarget {
  /** The repository's position in the project (its report anchor). */
  index: number;
  repo: ReportRepo;
  /** The figure that put it here: branches, cycles, README points lost; 1 for a missing file. */
  figure: number;
  readme?: ReadmeGap;
}

export interface Action {
  kind: ActionKind;
  view: AnalysisView;
  /** Every repository with this finding, the largest figure first. */
  targets: ActionTarget[];
}

/**
 * Every finding of the project, one entry per kind (naming each repository it concerns), in the
 * documented order of ACTION_KINDS; `first` are the three to do first, `others` the rest.
 */
export function rankActions(report: Report): { first: Action[]; others: Action[] } {
  const ranked = rankFindings(
    report.repositories.map(({ repo, items }, index) => ({
      target: { index, repo },
      findings: repositoryFindings({
        readme: items.readme.state === 'ready' ? items.readme.result : null,
        diagram: items.diagram.state === 'ready' ? items.diagram.result : null,
        branches: items.branches.state === 'ready' ? items.branches.result : null,
      }),
    })),
  );
  const withView = (action: (typeof ranked.first)[number]): Action => ({
    ...action,
    view: ACTION_VIEW[action.kind],
  });
  return { first: ranked.first.map(withView), others: ranked.others.map(withView) };
}
