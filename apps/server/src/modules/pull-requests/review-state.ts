import type { z } from 'zod';
import {
  REVIEW_STATE_PRECEDENCE,
  type PullRequestReviewerSchema,
  type PullRequestReviewState,
} from '@rota/contracts';
import type { ReviewRequestRecord } from '../forges/pull-request-records.js';

type Reviewer = z.infer<typeof PullRequestReviewerSchema>;

export interface ReviewFact {
  authorLogin: string | null;
  authorAvatarUrl: string | null;
  state: 'approved' | 'changes_requested' | 'commented' | 'dismissed' | 'pending';
  submittedAt: Date | null;
}

/**
 * Reviewers of a pull request and its review state, as the contract defines them: each reviewer's
 * latest review (the author's own and unsubmitted drafts left out), then those asked and not yet
 * reviewed. As on GitHub, a comment after an approval or a change request does not undo it: a
 * reviewer's latest *verdict* counts, a comment only when they gave none.
 */
export function reviewSummary(input: {
  authorLogin: string | null;
  reviews: ReviewFact[];
  requests: ReviewRequestRecord[];
}): { reviewState: PullRequestReviewState; reviewers: Reviewer[] } {
  const latest = new Map<string, ReviewFact>();
  const sorted = input.reviews
    .filter((review) => review.state !== 'pending' && review.authorLogin)
    .filter((review) => review.authorLogin !== input.authorLogin)
    .sort((a, b) => (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0));
  for (const review of sorted) {
    const login = review.authorLogin!;
    const current = latest.get(login);
    if (review.state === 'commented' && current && current.state !== 'commented') continue;
    latest.set(login, review);
  }
  const reviewers: Reviewer[] = [...latest.values()].map((review) => ({
    login: review.authorLogin!,
    avatar_url: review.authorAvatarUrl,
    state: review.state as Exclude<ReviewFact['state'], 'pending'>,
  }));
  // Asked (again) after reviewing: GitHub shows them as awaiting review.
  for (const request of input.requests) {
    const index = reviewers.findIndex((reviewer) => reviewer.login === request.login);
    const asked = {
      login: request.login,
      avatar_url: request.avatarUrl,
      state: 'requested' as const,
    };
    if (index >= 0) reviewers[index] = asked;
    else reviewers.push(asked);
  }
  const states = new Set([...latest.values()].map((review) => review.state));
  const holds: Record<PullRequestReviewState, boolean> = {
    changes_requested: states.has('changes_requested'),
    approved: states.has('approved'),
    commented: latest.size > 0,
    review_required: input.requests.length > 0,
    none: true,
  };
  const reviewState = REVIEW_STATE_PRECEDENCE.find((state) => holds[state])!;
  return { reviewState, reviewers };
}
