import type { DigestFrequency } from '@rota/contracts';

/** One working agreement broken in the period, as the agreements module reports it. */
export interface DigestBreach {
  projectId: string;
  agreementKind: string;
  /** The agreement's threshold when it takes one. */
  threshold?: number | null;
  repository: string;
  number: number | null;
  title: string | null;
  url: string | null;
  breachedAt: string;
}

export interface PullLine {
  repository: string;
  number: number;
  title: string;
  url: string;
}

export interface AnalysisChange {
  repository: string;
  /** No stored analysis before the period: nothing to compare with. */
  first: boolean;
  /** Run-time cycles (component groups) present now and not before, as their node names. */
  newCycles: string[][];
  readme: { before: number; now: number } | null;
  staleBranches: { before: number; now: number } | null;
}

export interface ProjectDigest {
  projectId: string;
  name: string;
  /** The project's page in Rota. */
  link: string;
  /** Null when the project has no GitHub repository (no pull requests are synced). */
  merged: {
    count: number;
    previous: number;
    medianHours: number | null;
    previousMedianHours: number | null;
  } | null;
  waiting: Array<PullLine & { author: string | null; waitingSince: string; ageHours: number }>;
  breaches: DigestBreach[];
  changesRequested: Array<PullLine & { at: string }>;
  failures: Array<{ repository: string; source: string; code: string; at: string }>;
  analyses: AnalysisChange[];
}

/** Everything one digest says, before it is worded (render.ts words it). */
export interface DigestData {
  userId: string;
  language: 'tr' | 'en';
  timeZone: string | null;
  frequency: Exclude<DigestFrequency, 'off'>;
  from: string;
  to: string;
  /** Projects with something to say, in name order; a project with nothing is left out. */
  projects: ProjectDigest[];
  hasContent: boolean;
}

/** Whether a project's part has anything to say (an empty section is left out). */
export function projectHasContent(project: ProjectDigest): boolean {
  return (
    (project.merged !== null && (project.merged.count > 0 || project.merged.previous > 0)) ||
    project.waiting.length > 0 ||
    project.breaches.length > 0 ||
    project.changesRequested.length > 0 ||
    project.failures.length > 0 ||
    project.analyses.length > 0
  );
}
