import { describe, expect, it } from 'vitest';
import { reviewStats, type MergedPullReview } from './stats.js';

const merged = (
  number: number,
  headSha: string,
  status: MergedPullReview['status'],
  hour: number,
  finalSha = 'final',
): MergedPullReview => ({
  repoKey: 'acme/api',
  number,
  finalSha,
  headSha,
  status,
  finishedAt: new Date(Date.UTC(2026, 0, 1, hour)),
});

describe('reviewStats', () => {
  it('counts verdicts of reviewed and pending reviews, the others apart', () => {
    const stats = reviewStats(
      [
        { status: 'approved', outcome: 'reviewed', n: 3 },
        { status: 'pending', outcome: null, n: 1 },
        { status: 'commented', outcome: 'skipped', n: 2 },
        { status: 'commented', outcome: 'failed', n: 1 },
        { status: 'commented', outcome: 'superseded', n: 4 },
        { status: 'commented', outcome: 'reviewed', n: 1 },
      ],
      12.345,
      [],
    );
    expect(stats).toEqual({
      by_status: { pending: 1, approved: 3, changes_requested: 0, commented: 1 },
      total: 12,
      skipped: 2,
      failed: 1,
      superseded: 4,
      compliance_rate: null,
      avg_time_to_review_seconds: 12.3,
    });
  });

  it('compliance: the last review of the final head decides; an older head approved does not count', () => {
    const stats = reviewStats([], null, [
      // 1: changes requested, then approved on the final head → compliant.
      merged(1, 'final', 'changes_requested', 1),
      merged(1, 'final', 'approved', 2),
      // 2: approved, then a push merged with no review of it → not compliant.
      merged(2, 'older', 'approved', 1),
      // 3: approved, then changes requested on the same head → not compliant.
      merged(3, 'final', 'approved', 1),
      merged(3, 'final', 'changes_requested', 3),
      // 4: approved on its final head → compliant.
      merged(4, 'final', 'approved', 5),
    ]);
    expect(stats.compliance_rate).toBe(0.5);
    expect(stats.avg_time_to_review_seconds).toBeNull();
  });
});
