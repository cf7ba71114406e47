import type { BranchAnalysis } from './branches.js';
import type { TechnicalDiagram } from './diagram.js';
import type { CommunityFilesCheck, ReadmeAnalysis, ReadmeCheckId } from './readme.js';

/**
 * "The three things to do first", derived from the analyses' own figures. The rule, and why each
 * kind of finding ranks where it does, is in docs/analysis/summary.md; change both together. Its
 * one home is here, so the web's summaries and the corpus benchmark's advice audit apply the same
 * rule.
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

/** A README check that loses fewer points than this (of 100) is not worth a place in the list. */
export const README_MIN_POINTS_LOST = 5;

/** The README check to fix first: the one losing the most points (the rubric's order on ties). */
export interface ReadmeGap {
  /** null: there is no README at all. */
  checkId: ReadmeCheckId | null;
  suggestionKey: string | null;
  pointsLost: number;
}

/** The results of one repository the rule reads; null where that analysis has no result. */
export interface ActionInputs {
  readme: { readme: ReadmeAnalysis; communityFiles: CommunityFilesCheck } | null;
  diagram: Pick<TechnicalDiagram, 'cycles'> | null;
  branches: Pick<BranchAnalysis, 'summary'> | null;
}

/** One finding of one repository: its kind and the figure that put it there. */
export interface Finding {
  kind: ActionKind;
  /** Branches, cycles, README points lost; 1 for a missing file. */
  figure: number;
  readme?: ReadmeGap;
}

function readmeGap(readme: ReadmeAnalysis, licenseMissing: boolean): ReadmeGap | null {
  if (!readme.found)
    return { checkId: null, suggestionKey: 'readme.suggestion.addReadme', pointsLost: 100 };
  let worst: ReadmeGap | null = null;
  for (const check of readme.checks) {
    if (check.status !== 'failed' && check.status !== 'partial') continue;
    // A missing license file is its own finding; the README's license check would say it twice.
    if (check.id === 'license' && licenseMissing) continue;
    const lost = check.maxPoints - check.points;
    if (lost < README_MIN_POINTS_LOST || (worst && lost <= worst.pointsLost)) continue;
    worst = { checkId: check.id, suggestionKey: check.suggestionKey, pointsLost: lost };
  }
  return worst;
}

/** Every finding of one repository, from the analyses that have a result (none invented). */
export function repositoryFindings(inputs: ActionInputs): Finding[] {
  const found: Finding[] = [];
  let licenseMissing = false;
  if (inputs.readme) {
    const files = inputs.readme.communityFiles.files;
    licenseMissing = files.some((file) => file.kind === 'license' && !file.present);
    if (licenseMissing) found.push({ kind: 'addLicense', figure: 1 });
    if (files.some((file) => file.kind === 'ci' && !file.present))
      found.push({ kind: 'addCi', figure: 1 });
    const gap = readmeGap(inputs.readme.readme, licenseMissing);
    if (gap) found.push({ kind: 'improveReadme', figure: gap.pointsLost, readme: gap });
  }
  if (inputs.diagram && inputs.diagram.cycles.length > 0)
    found.push({ kind: 'breakCycles', figure: inputs.diagram.cycles.length });
  if (inputs.branches) {
    const { summary } = inputs.branches;
    if (summary.mergedNotDeleted.count > 0)
      found.push({ kind: 'deleteMergedBranches', figure: summary.mergedNotDeleted.count });
    // The engine's one stale figure, as the dashboard and the Branches tab show it.
    if (summary.stale > 0) found.push({ kind: 'reviewStaleBranches', figure: summary.stale });
  }
  return found;
}

/** One kind of finding across a project: every repository with it, the largest figure first. */
export interface RankedAction<T> {
  kind: ActionKind;
  targets: Array<T & { figure: number; readme?: ReadmeGap }>;
}

/**
 * Every finding of the project, one entry per kind (naming each repository it concerns), in the
 * documented order of ACTION_KINDS; `first` are the three to do first, `others` the rest. `target`
 * is what names a repository to the caller (the web's report anchor, the audit's corpus name).
 */
export function rankFindings<T extends object>(
  repositories: ReadonlyArray<{ target: T; findings: readonly Finding[] }>,
): { first: Array<RankedAction<T>>; others: Array<RankedAction<T>> } {
  const byKind = new Map<ActionKind, RankedAction<T>['targets']>();
  for (const { target, findings } of repositories)
    for (const finding of findings)
      byKind.set(finding.kind, [
        ...(byKind.get(finding.kind) ?? []),
        {
          ...target,
          figure: finding.figure,
          ...(finding.readme ? { readme: finding.readme } : {}),
        },
      ]);
  const actions = ACTION_KINDS.flatMap((kind): Array<RankedAction<T>> => {
    const targets = byKind.get(kind);
    if (!targets) return [];
    // Stable sort: equal figures keep the project's repository order.
    return [{ kind, targets: [...targets].sort((a, b) => b.figure - a.figure) }];
  });
  return { first: actions.slice(0, 3), others: actions.slice(3) };
}
