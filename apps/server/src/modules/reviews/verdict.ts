import type { ReviewCoverage, ReviewFinding, ReviewStatus } from '@rota/contracts';

/**
 * The review's verdict, decided in code from its findings: a model may find problems but
 * never decides alone whether a pull request is approved.
 */

/** An LLM finding blocks only when the model is at least this sure; below, it is a comment. */
export const LLM_BLOCKING_CONFIDENCE = 0.7;

const BLOCKING = new Set<ReviewFinding['severity']>(['critical', 'high']);

export interface VerdictInput {
  findings: ReviewFinding[];
  /** False when part of the pull request was not reviewed (files skipped, model failed, rate limit). */
  complete: boolean;
  /** English, shown with the verdict: what was not reviewed and why. */
  incompleteReason?: string;
}

export interface Verdict {
  status: Exclude<ReviewStatus, 'pending'>;
  reason: string;
}

function blocks(finding: ReviewFinding): boolean {
  if (!BLOCKING.has(finding.severity)) return false;
  return finding.source === 'rules' || finding.confidence >= LLM_BLOCKING_CONFIDENCE;
}

export function decideVerdict({ findings, complete, incompleteReason }: VerdictInput): Verdict {
  const blocking = findings.filter(blocks);
  if (blocking.length > 0) {
    const count =
      blocking.length === 1 ? '1 blocking finding' : `${blocking.length} blocking findings`;
    return { status: 'changes_requested', reason: `${count}: ${blocking[0]!.title}` };
  }
  // An incomplete review never approves: what was not read may hold the problem.
  if (!complete) {
    return {
      status: 'commented',
      reason: `Review incomplete: ${incompleteReason ?? 'part of the pull request was not reviewed'}`,
    };
  }
  if (findings.length > 0) {
    const count = findings.length === 1 ? '1 minor finding' : `${findings.length} minor findings`;
    return { status: 'commented', reason: count };
  }
  return { status: 'approved', reason: 'No findings' };
}

/**
 * Why a rules review's coverage leaves it incomplete, or null when it is complete. Files skipped
 * because they are too large or came without a patch were not read; lockfiles, generated, vendored
 * and binary files are skipped by design and are findings' business, not gaps.
 */
export function coverageGap(coverage: ReviewCoverage): string | null {
  const unread = coverage.filesSkipped.filter(
    (skipped) => skipped.reason === 'too_large' || skipped.reason === 'no_patch',
  );
  if (unread.length === 0) return null;
  const names = unread.slice(0, 3).map((skipped) => skipped.file);
  const more = unread.length > 3 ? ` and ${unread.length - 3} more` : '';
  return `${unread.length} file(s) had no diff to read (${names.join(', ')}${more})`;
}
