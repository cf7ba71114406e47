import type { ReviewStats, ReviewStatus } from '@rota/contracts';
import type { ReviewRow } from './queries.js';

export interface CountGroup {
  status: ReviewStatus;
  outcome: ReviewRow['outcome'];
  n: number;
}

export interface MergedPullReview {
  repoKey: string;
  number: number;
  /** The merged pull request's final head. */
  finalSha: string;
  headSha: string;
  status: ReviewStatus;
  finishedAt: Date | null;
}

/**
 * The review figures of a set of repositories (docs/architecture.md, reviews; docs/reviews.md). Counts
 * per status cover what Rota reviewed or is reviewing; skipped, failed and superseded reviews never
 * had a verdict of their own and are counted apart. Compliance: of the merged pull requests Rota
 * reviewed, the share whose last review of their final head approved (a pull request merged after
 * a later push with no review of it is not compliant).
 */
export function reviewStats(
  groups: CountGroup[],
  avgSeconds: number | null,
  merged: MergedPullReview[],
): ReviewStats {
  const byStatus: ReviewStats['by_status'] = {
    pending: 0,
    approved: 0,
    changes_requested: 0,
    commented: 0,
  };
  const apart = { skipped: 0, failed: 0, superseded: 0 };
  let total = 0;
  for (const group of groups) {
    total += group.n;
    if (group.outcome === null || group.outcome === 'reviewed') byStatus[group.status] += group.n;
    else apart[group.outcome] += group.n;
  }
  return {
    by_status: byStatus,
    total,
    ...apart,
    compliance_rate: complianceRate(merged),
    avg_time_to_review_seconds: avgSeconds === null ? null : Math.round(avgSeconds * 10) / 10,
  };
}

function complianceRate(merged: MergedPullReview[]): number | null {
  const last = new Map<string, MergedPullReview | null>();
  for (const review of merged) {
    const key = `${review.repoKey}#${review.number}`;
    if (!last.has(key)) last.set(key, null);
    if (review.headSha !== review.finalSha) continue;
    const current = last.get(key);
    if (!current || (review.finishedAt?.getTime() ?? 0) > (current.finishedAt?.getTime() ?? 0))
      last.set(key, review);
  }
  if (last.size === 0) return null;
  const compliant = [...last.values()].filter((review) => review?.status === 'approved').length;
  return compliant / last.size;
}
