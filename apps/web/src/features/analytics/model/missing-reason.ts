import type { ProjectAnalytics } from '@rota/contracts';

/**
 * Why a figure is null, from where the figures come from (the answer's `sources`): it needs pull
 * requests from GitHub, a history analysis, a structure analysis, or there was simply nothing in
 * the period to measure. The web says which, never a guessed zero.
 */
export type MissingReason =
  'needsGitHub' | 'needsHistory' | 'needsStructure' | 'noneInPeriod' | 'issuesNotRead';

type Sources = ProjectAnalytics['sources'];

/** For figures made of pull requests (flow times, rates, sizes, compliance). */
export const pullRequestReason = (sources: Sources): MissingReason =>
  sources.forge_repos === 0 ? 'needsGitHub' : 'noneInPeriod';

/** For figures made of commits (activity's commits, most active repositories). */
export const historyReason = (sources: Sources): MissingReason =>
  sources.history_repos === 0 ? 'needsHistory' : 'noneInPeriod';

/**
 * For the open-issue count: it comes from the stored GitHub data, which has none until a refresh
 * with a connected GitHub account reads it (older data, or data read without a token).
 */
export const issuesReason = (sources: Sources): MissingReason =>
  sources.forge_repos === 0 ? 'needsGitHub' : 'issuesNotRead';
