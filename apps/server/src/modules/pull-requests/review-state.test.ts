import { describe, expect, it } from 'vitest';
import { reviewSummary, type ReviewFact } from './review-state.js';

const review = (login: string, state: ReviewFact['state'], minute: number): ReviewFact => ({
  authorLogin: login,
  authorAvatarUrl: null,
  state,
  submittedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)),
});
const asked = (login: string) => ({ login, avatarUrl: null, kind: 'user' as const });

describe('reviewSummary: review state and reviewers of a pull request', () => {
  it.each([
    ['no reviews, nobody asked', [], [], 'none'],
    ['asked, no reviews yet', [], [asked('cem')], 'review_required'],
    ['a comment only', [review('cem', 'commented', 1)], [], 'commented'],
    ['a dismissed review only', [review('cem', 'dismissed', 1)], [], 'commented'],
    [
      'one approves, another requests changes',
      [review('cem', 'approved', 1), review('deniz', 'changes_requested', 2)],
      [],
      'changes_requested',
    ],
    [
      'changes requested, then approved by the same reviewer',
      [review('cem', 'changes_requested', 1), review('cem', 'approved', 2)],
      [],
      'approved',
    ],
    [
      'approved, then only a comment: the approval stands',
      [review('cem', 'approved', 1), review('cem', 'commented', 2)],
      [],
      'approved',
    ],
    [
      "the author's own review and a pending draft do not count",
      [review('bora', 'approved', 1), review('cem', 'pending', 2)],
      [asked('deniz')],
      'review_required',
    ],
  ] as const)('%s → %s', (_label, reviews, requests, expected) => {
    const summary = reviewSummary({
      authorLogin: 'bora',
      reviews: [...reviews],
      requests: [...requests],
    });
    expect(summary.reviewState).toBe(expected);
  });

  it('lists each reviewer once with their latest verdict; asked again reads as requested', () => {
    const { reviewers } = reviewSummary({
      authorLogin: 'bora',
      reviews: [
        review('cem', 'changes_requested', 1),
        review('deniz', 'approved', 2),
        review('cem', 'approved', 3),
        review('deniz', 'commented', 4),
      ],
      requests: [asked('deniz'), asked('ece')],
    });
    expect(reviewers).toEqual([
      { login: 'cem', avatar_url: null, state: 'approved' },
      { login: 'deniz', avatar_url: null, state: 'requested' },
      { login: 'ece', avatar_url: null, state: 'requested' },
    ]);
  });
});
