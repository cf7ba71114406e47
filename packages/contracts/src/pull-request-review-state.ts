/**
 * The review state of a pull request: its names, which wins, and how it is decided from the
 * reviews. Free of zod so the web's analytics and the server's SQL builder read it without the
 * schemas. The pull-request list decides with reviewStateOf; the analytics' review-status
 * breakdown decides in SQL (apps/server analytics/queries/review-state-sql.ts) by the same order,
 * and a test there runs review sets through both.
 */

/** The review states, in the order lists show them. */
export const PULL_REQUEST_REVIEW_STATES = [
  'approved',
  'changes_requested',
  'commented',
  'review_required',
  'none',
] as const;

export type ReviewState = (typeof PULL_REQUEST_REVIEW_STATES)[number];

/**
 * Which state a pull request is in when several hold: the first of these that holds. A reviewer's
 * latest verdict of changes_requested holds over another's approval, any reviewer's latest review
 * makes it at least commented, a review asked for and not given makes it review_required, and none
 * always holds.
 */
export const REVIEW_STATE_PRECEDENCE = [
  'changes_requested',
  'approved',
  'commented',
  'review_required',
  'none',
] as const satisfies readonly ReviewState[];

/** A review as the forge gives it: its author (null for a deleted account), state and time. */
export interface ForgeReview {
  authorLogin: string | null;
  state: 'approved' | 'changes_requested' | 'commented' | 'dismissed' | 'pending';
  submittedAt: Date | null;
}

/**
 * Each reviewer's latest review, reviewers in the order they first reviewed: the pull request's
 * author, unsubmitted drafts and reviews without a login left out. As on GitHub, a comment after
 * an approval or a change request does not undo it: a reviewer's latest verdict counts, a comment
 * only when they gave none.
 */
export function latestReviews<T extends ForgeReview>(
  reviews: readonly T[],
  author: string | null,
): T[] {
  const latest = new Map<string, T>();
  const sorted = reviews
    .filter((review) => review.state !== 'pending' && review.authorLogin)
    .filter((review) => review.authorLogin !== author)
    .sort((a, b) => (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0));
  for (const review of sorted) {
    const login = review.authorLogin!;
    const current = latest.get(login);
    if (review.state === 'commented' && current && current.state !== 'commented') continue;
    latest.set(login, review);
  }
  return [...latest.values()];
}

/** The pull request's review state from each reviewer's latest review (latestReviews). */
export function reviewStateOf(
  latest: ReadonlyArray<Pick<ForgeReview, 'state'>>,
  reviewRequested: boolean,
): ReviewState {
  const states = new Set(latest.map((review) => review.state));
  const holds: Record<ReviewState, boolean> = {
    changes_requested: states.has('changes_requested'),
    approved: states.has('approved'),
    commented: latest.length > 0,
    review_required: reviewRequested,
    none: true,
  };
  return REVIEW_STATE_PRECEDENCE.find((state) => holds[state])!;
}
