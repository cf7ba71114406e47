import type { ReviewList, ReviewRecord } from '@rota/contracts';

/** What the web derives from a review (the shapes themselves are the contracts'). */

/** Queued or running: no outcome yet. */
export const isPending = (review: Pick<ReviewRecord, 'outcome'>): boolean =>
  review.outcome === null;

/** Whether the list still waits for a verdict (the tab reads it again until none does). */
export const anyPending = (list: ReviewList | undefined): boolean =>
  list?.reviews.some(isPending) ?? false;

/** `owner/repo` and a number as GitHub's page of the pull request (the list carries no URL). */
export const pullRequestUrl = (repository: string, number: number): string =>
  `https://github.com/${repository.split('/').map(encodeURIComponent).join('/')}/pull/${number}`;

export const shortSha = (sha: string): string => sha.slice(0, 7);
