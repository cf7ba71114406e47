import {
  latestReviews,
  reviewStateOf,
  type PullRequestReviewerSchema,
  type PullRequestReviewState,
} from '@rota/contracts';
import type { z } from 'zod';
import type { ReviewRequestRecord } from '../forges/index.js';

type Reviewer = z.infer<typeof PullRequestReviewerSchema>;

export interface ReviewFact {
  authorLogin: string | null;
  authorAvatarUrl: string | null;
  state: 'approved' | 'changes_requested' | 'commented' | 'dismissed' | 'pending';
  submittedAt: Date | null;
}

/**
 * Reviewers of a pull request and its review state, as the contract defines them: each reviewer's
 * latest review (the contracts' latestReviews: the author's own and unsubmitted drafts left out, a
 * later comment does not undo a verdict), then those asked and not yet reviewed. The state is the
 * contracts' reviewStateOf, the rule the analytics' SQL follows too.
 */
export function reviewSummary(input: {
  authorLogin: string | null;
  reviews: ReviewFact[];
  requests: ReviewRequestRecord[];
}): { reviewState: PullRequestReviewState; reviewers: Reviewer[] } {
  const latest = latestReviews(input.reviews, input.authorLogin);
  const reviewers: Reviewer[] = latest.map((review) => ({
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
  const reviewState = reviewStateOf(latest, input.requests.length > 0);
  return { reviewState, reviewers };
}
