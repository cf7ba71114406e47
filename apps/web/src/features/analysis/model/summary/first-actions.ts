import type { ReadmeCheckId } from '@rota/contracts';
import type { AnalysisView } from '../../api/analysis-kinds';
import type { Report, ReportRepo } from '../report-model';

/**
 * "The three things to do first", derived from the analyses' own figures. The rule, and why each
 * kind of finding ranks where it does, is in docs/analysis/summary.md; change both together.
 */
export const ACTION_KINDS = [
  'addLicense',
  'breakCycles',
  'addCi',
  'improveReadme',
  'deleteMergedBranches',
  'reviewStaleBranches',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** Where each finding's detail lives: the analysis (tab, report section) that measured it. */
export const ACTION_VIEW: Record<ActionKind, AnalysisView> = {
  addLicense: 'readme',
  breakCycles: 'diagram',
  addCi: 'readme',
  improveReadme: 'readme',
  deleteMergedBranches: 'branches',
  reviewStaleBranches: 'branches',
};

/** A README check that loses fewer points than this (of 100) is not worth a place in the list. */
export const README_MIN_POINTS_LOST = 5;

/** The README check to fix first: the one losing the most points (the rubric's order on ties). */
export interface ReadmeGap {
  /** null: there is no README at all. */
  checkId: ReadmeCheckId | null;
  suggestionKey: string | null;
  pointsLost: number;
}

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

function readmeGap(
  result: Extract<Report['repositories'][number]['items']['readme'], { state: 'ready' }>['result'],
  licenseMissing: boolean,
): ReadmeGap | null {
  const { readme } = result;
  if (!readme.found)
    return {
      checkId: null,
      suggestionKey: 'readme.suggestion.addReadme',
      pointsLost: 100,
    };
  let worst: ReadmeGap | null = null;
  for (const check of readme.checks) {
    if (check.status !== 'failed' && check.status !== 'partial') continue;
    // A missing license file is its own finding; the README's license check would say it twice.
    if (check.id === 'license' && licenseMissing) continue;
    const lost = check.maxPoints - check.points;
    if (lost < README_MIN_POINTS_LOST || (worst && lost <= worst.pointsLost)) continue;
    worst = {
      checkId: check.id,
      suggestionKey: check.suggestionKey,
      pointsLost: lost,
    };
  }
  return worst;
}

/** Every finding of one repository, from the analyses that have a result (none invented). */
function findings(
  repository: Report['repositories'][number],
  index: number,
): Array<[ActionKind, ActionTarget]> {
  const { repo, items } = repository;
  const found: Array<[ActionKind, ActionTarget]> = [];
  const target = (figure: number, readme?: ReadmeGap): ActionTarget => ({
    index,
    repo,
    figure,
    ...(readme ? { readme } : {}),
  });
  let licenseMissing = false;
  if (items.readme.state === 'ready') {
    const files = items.readme.result.communityFiles.files;
    licenseMissing = files.some((file) => file.kind === 'license' && !file.present);
    if (licenseMissing) found.push(['addLicense', target(1)]);
    if (files.some((file) => file.kind === 'ci' && !file.present)) found.push(['addCi', target(1)]);
    const gap = readmeGap(items.readme.result, licenseMissing);
    if (gap) found.push(['improveReadme', target(gap.pointsLost, gap)]);
  }
  if (items.diagram.state === 'ready' && items.diagram.result.cycles.length > 0)
    found.push(['breakCycles', target(items.diagram.result.cycles.length)]);
  if (items.branches.state === 'ready') {
    const { summary } = items.branches.result;
    if (summary.mergedNotDeleted.count > 0)
      found.push(['deleteMergedBranches', target(summary.mergedNotDeleted.count)]);
    // The engine's one stale figure, as the dashboard and the Branches tab show it.
    if (summary.stale > 0) found.push(['reviewStaleBranches', target(summary.stale)]);
  }
  return found;
}

/**
 * Every finding of the project, one entry per kind (naming each repository it concerns), in the
 * documented order of ACTION_KINDS; `first` are the three to do first, `others` the rest.
 */
export function rankActions(report: Report): { first: Action[]; others: Action[] } {
  const byKind = new Map<ActionKind, ActionTarget[]>();
  report.repositories.forEach((repository, index) => {
    for (const [kind, target] of findings(repository, index))
      byKind.set(kind, [...(byKind.get(kind) ?? []), target]);
  });
  const actions = ACTION_KINDS.flatMap((kind): Action[] => {
    const targets = byKind.get(kind);
    if (!targets) return [];
    // Stable sort: equal figures keep the project's repository order.
    return [
      { kind, view: ACTION_VIEW[kind], targets: [...targets].sort((a, b) => b.figure - a.figure) },
    ];
  });
  return { first: actions.slice(0, 3), others: actions.slice(3) };
}
