import type { AgreementKind, AuthorKind, WorkingTime } from '@rota/contracts';
import { addWorkingHours } from './working-time.js';

/*
 * One pure rule per working agreement (docs/agreements.md "The agreements"): a stored pull request
 * at a moment `now` is kept (with the moment it was decided), broken (with `at`, the moment it
 * broke), pending (open, not decided yet) or not concerned (the rule does not apply to it). The
 * compliance figures, the preview and breach detection all call these and nothing else.
 */

/** What the rules read of a stored pull request (queries.ts loads it). */
export interface PullRequestFacts {
  id: string;
  repoKey: string;
  /** owner/repo as the project spells it. */
  repository: string;
  number: number;
  title: string;
  url: string;
  state: 'open' | 'closed' | 'merged';
  draft: boolean;
  authorLogin: string | null;
  authorKind: AuthorKind;
  createdAt: Date;
  /** When it was last marked ready for review; null when never a draft. */
  readyForReviewAt: Date | null;
  updatedAt: Date;
  closedAt: Date | null;
  mergedAt: Date | null;
  /** additions + deletions. */
  changedLines: number;
  headSha: string;
  /** Submission moments of counted reviews (a person other than the author), oldest first. */
  reviewsAt: Date[];
  /** Submission moments of counted approving reviews, oldest first. */
  approvalsAt: Date[];
  /** Distinct people asked for a review or who gave a counted review (the author excluded). */
  reviewers: string[];
  /** Rota's finished reviews (outcome "reviewed") of this pull request, oldest first. */
  rotaReviews: Array<{
    headSha: string;
    status: 'approved' | 'changes_requested' | 'commented' | 'pending';
    findings: number;
    finishedAt: Date;
  }>;
}

export type RuleOutcome =
  | { status: 'kept'; at: Date }
  | { status: 'broken'; at: Date }
  | { status: 'pending' }
  | { status: 'not_concerned' };

export interface RuleInput {
  threshold: number | null;
  workingTime: WorkingTime;
  now: Date;
}

type Rule = (pull: PullRequestFacts, input: RuleInput) => RuleOutcome;

const DAY = 86_400_000;
const kept = (at: Date): RuleOutcome => ({ status: 'kept', at });
const broken = (at: Date): RuleOutcome => ({ status: 'broken', at });
const PENDING: RuleOutcome = { status: 'pending' };
const NOT_CONCERNED: RuleOutcome = { status: 'not_concerned' };
/** When a pull request stopped being open (merged or closed), null while open. */
const endOf = (pull: PullRequestFacts) => pull.mergedAt ?? pull.closedAt;

/**
 * First review within N working hours of the moment it asked for review (marked ready, else
 * opened). Broken at the deadline when the first counted review came later or has not come by
 * `now`; an open draft is not waiting; closed unreviewed before the deadline is kept.
 */
export const firstReviewWithin: Rule = (pull, { threshold, workingTime, now }) => {
  if (pull.state === 'open' && pull.draft) return PENDING;
  const from = pull.readyForReviewAt ?? pull.createdAt;
  const deadline = addWorkingHours(from, threshold ?? 0, workingTime);
  if (!deadline) return NOT_CONCERNED;
  const first = pull.reviewsAt[0];
  if (first) return first <= deadline ? kept(first) : broken(deadline);
  const end = endOf(pull);
  if (end && end <= deadline) return kept(end);
  if (end || now > deadline) return broken(deadline);
  return PENDING;
};

/**
 * At most N changed lines (additions + deletions). The forge tells the size, not when it grew, so
 * an oversized pull request broke it at its last stored change (`updatedAt`, never after its end).
 */
export const maxChangedLines: Rule = (pull, { threshold }) => {
  const end = endOf(pull);
  if (pull.changedLines > (threshold ?? 0)) {
    const at = end && end < pull.updatedAt ? end : pull.updatedAt;
    return broken(at);
  }
  return end ? kept(end) : PENDING;
};

/**
 * No merge without an approving review by a person other than the author submitted before the
 * merge. Decided at the merge; a pull request closed unmerged is not concerned.
 */
export const approvalBeforeMerge: Rule = (pull) => {
  if (pull.state === 'closed') return NOT_CONCERNED;
  if (!pull.mergedAt) return PENDING;
  const mergedAt = pull.mergedAt;
  return pull.approvalsAt.some((at) => at <= mergedAt) ? kept(mergedAt) : broken(mergedAt);
};

/**
 * Rota's review approved, or its findings answered, before the merge. The review read is Rota's
 * last one finished before the merge. It is kept when that review approved, found nothing, or its
 * findings were answered: a commit was pushed after it (the merged head is not the head it
 * reviewed), or a person other than the author reviewed on GitHub after it finished. No finished
 * Rota review before the merge breaks it. Decided at the merge.
 */
export const rotaReviewBeforeMerge: Rule = (pull) => {
  if (pull.state === 'closed') return NOT_CONCERNED;
  if (!pull.mergedAt) return PENDING;
  const mergedAt = pull.mergedAt;
  const last = pull.rotaReviews.filter((review) => review.finishedAt <= mergedAt).at(-1);
  if (!last) return broken(mergedAt);
  if (last.status === 'approved' || last.findings === 0) return kept(mergedAt);
  const pushedAfter = last.headSha !== pull.headSha;
  const reviewedAfter = pull.reviewsAt.some((at) => at >= last.finishedAt && at <= mergedAt);
  return pushedAfter || reviewedAfter ? kept(mergedAt) : broken(mergedAt);
};

/** Merged or closed within N calendar days of opening; broken when N days have passed open. */
export const maxOpenDays: Rule = (pull, { threshold, now }) => {
  const deadline = new Date(pull.createdAt.getTime() + (threshold ?? 0) * DAY);
  const end = endOf(pull);
  if (end) return end <= deadline ? kept(end) : broken(deadline);
  return now > deadline ? broken(deadline) : PENDING;
};

/**
 * Review asked of at least N people (requested reviewers, users only, and people who reviewed,
 * the author excluded). Decided at the merge; a pull request closed unmerged is not concerned.
 */
export const minReviewers: Rule = (pull, { threshold }) => {
  if (pull.state === 'closed') return NOT_CONCERNED;
  if (!pull.mergedAt) return PENDING;
  return pull.reviewers.length >= (threshold ?? 0) ? kept(pull.mergedAt) : broken(pull.mergedAt);
};

export const RULES: Record<AgreementKind, Rule> = {
  firstReviewWithin,
  maxChangedLines,
  approvalBeforeMerge,
  rotaReviewBeforeMerge,
  maxOpenDays,
  minReviewers,
};

/** The outcome of agreement `kind` for one pull request. */
export function evaluate(
  kind: AgreementKind,
  pull: PullRequestFacts,
  input: RuleInput,
): RuleOutcome {
  return RULES[kind](pull, input);
}

/** Whether an agreement checks pull requests of this author kind (humans always). */
export function checksAuthor(
  agreement: { includeBots: boolean; includeAgents: boolean },
  kind: AuthorKind,
): boolean {
  return kind === 'human' || (kind === 'bot' ? agreement.includeBots : agreement.includeAgents);
}
