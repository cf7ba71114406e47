import type { PullRequest } from '@rota/contracts';

export type SizeClass = 'XS' | 'S' | 'M' | 'L' | 'XL';

/**
 * The one home of the size thresholds: a pull request's class by changed lines (additions plus
 * deletions), the smallest class whose limit it stays under. Past the last limit it is XL.
 */
export const SIZE_CLASS_LIMITS: ReadonlyArray<readonly [SizeClass, number]> = [
  ['XS', 10],
  ['S', 50],
  ['M', 250],
  ['L', 1000],
];

export function sizeClass(pullRequest: Pick<PullRequest, 'additions' | 'deletions'>): SizeClass {
  const lines = pullRequest.additions + pullRequest.deletions;
  return SIZE_CLASS_LIMITS.find(([, limit]) => lines < limit)?.[0] ?? 'XL';
}
