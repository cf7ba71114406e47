import { prSizeClass, type PrSizeClass, type PullRequest } from '@rota/contracts';

export type SizeClass = PrSizeClass;

/**
 * A pull request's size class by its changed lines (additions plus deletions). The thresholds live
 * in the contracts (PR_SIZE_CLASSES), where the analytics' counts read them too.
 */
export function sizeClass(pullRequest: Pick<PullRequest, 'additions' | 'deletions'>): SizeClass {
  return prSizeClass(pullRequest.additions + pullRequest.deletions);
}
