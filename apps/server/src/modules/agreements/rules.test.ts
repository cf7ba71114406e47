import { describe, expect, it } from 'vitest';
import type { WorkingTime } from '@rota/contracts';
import {
  approvalBeforeMerge,
  checksAuthor,
  firstReviewWithin,
  maxChangedLines,
  maxOpenDays,
  minReviewers,
  rotaReviewBeforeMerge,
  type PullRequestFacts,
} from './rules.js';

/** Monday 15 June 2026 in UTC, working Monday–Friday 09:00–18:00. */
const at = (iso: string) => new Date(`2026-06-${iso}Z`);
const time: WorkingTime = {
  timeZone: 'UTC',
  weekdays: [1, 2, 3, 4, 5],
  start: '09:00',
  end: '18:00',
};
const input = (threshold: number | null, now = at('15T12:00:00')) => ({
  threshold,
  workingTime: time,
  now,
});

function pull(facts: Partial<PullRequestFacts> = {}): PullRequestFacts {
  return {
    id: 'p1',
    repoKey: 'acme/api',
    repository: 'acme/api',
    number: 1,
    title: 'Change',
    url: 'https://github.com/acme/api/pull/1',
    state: 'open',
    draft: false,
    authorLogin: 'bora',
    authorKind: 'human',
    createdAt: at('15T09:00:00'),
    readyForReviewAt: null,
    updatedAt: at('15T09:00:00'),
    closedAt: null,
    mergedAt: null,
    changedLines: 10,
    headSha: 'b',
    reviewsAt: [],
    approvalsAt: [],
    reviewers: [],
    rotaReviews: [],
    ...facts,
  };
}
const merged = (iso: string, facts: Partial<PullRequestFacts> = {}) =>
  pull({ state: 'merged', mergedAt: at(iso), closedAt: at(iso), ...facts });

describe('agreement rules', () => {
  it('first review within N working hours: kept, broken at the deadline, pending, draft waits', () => {
    // Opened Friday 17:00: 4 working hours end Monday 12:00.
    const friday = { createdAt: at('12T17:00:00') };
    expect(
      firstReviewWithin(pull({ ...friday, reviewsAt: [at('15T11:00:00')] }), input(4)),
    ).toEqual({
      status: 'kept',
      at: at('15T11:00:00'),
    });
    expect(
      firstReviewWithin(pull({ ...friday, reviewsAt: [at('15T13:00:00')] }), input(4)),
    ).toEqual({
      status: 'broken',
      at: at('15T12:00:00'),
    });
    expect(firstReviewWithin(pull(friday), input(4, at('13T12:00:00')))).toEqual({
      status: 'pending',
    });
    expect(firstReviewWithin(pull(friday), input(4, at('15T12:00:01')))).toEqual({
      status: 'broken',
      at: at('15T12:00:00'),
    });
    // A draft is not waiting; once marked ready the clock starts then.
    expect(
      firstReviewWithin(pull({ ...friday, draft: true }), input(1, at('19T12:00:00'))),
    ).toEqual({
      status: 'pending',
    });
    expect(
      firstReviewWithin(pull({ ...friday, readyForReviewAt: at('15T10:00:00') }), input(4)),
    ).toEqual({ status: 'pending' });
    // Merged before the deadline without review: nobody was kept waiting.
    expect(firstReviewWithin(merged('15T10:00:00', friday), input(4))).toEqual({
      status: 'kept',
      at: at('15T10:00:00'),
    });
  });

  it('max changed lines: over the limit breaks at the last stored change, never after the end', () => {
    expect(maxChangedLines(pull({ changedLines: 101 }), input(100))).toEqual({
      status: 'broken',
      at: at('15T09:00:00'),
    });
    expect(maxChangedLines(pull({ changedLines: 100 }), input(100))).toEqual({ status: 'pending' });
    expect(
      maxChangedLines(
        merged('15T10:00:00', { changedLines: 500, updatedAt: at('16T10:00:00') }),
        input(100),
      ),
    ).toEqual({ status: 'broken', at: at('15T10:00:00') });
    expect(maxChangedLines(merged('15T10:00:00'), input(100))).toEqual({
      status: 'kept',
      at: at('15T10:00:00'),
    });
  });

  it('approval before merge: an approval submitted before the merge', () => {
    expect(
      approvalBeforeMerge(merged('15T11:00:00', { approvalsAt: [at('15T10:00:00')] }), input(null)),
    ).toEqual({
      status: 'kept',
      at: at('15T11:00:00'),
    });
    expect(
      approvalBeforeMerge(merged('15T11:00:00', { approvalsAt: [at('15T12:00:00')] }), input(null)),
    ).toEqual({
      status: 'broken',
      at: at('15T11:00:00'),
    });
    expect(approvalBeforeMerge(pull(), input(null))).toEqual({ status: 'pending' });
    expect(
      approvalBeforeMerge(pull({ state: 'closed', closedAt: at('15T10:00:00') }), input(null)),
    ).toEqual({
      status: 'not_concerned',
    });
  });

  it("Rota's review before merge: approved, no findings, or findings answered by a push or a review", () => {
    const review = (status: 'approved' | 'changes_requested', findings: number, headSha = 'b') => ({
      headSha,
      status,
      findings,
      finishedAt: at('15T10:00:00'),
    });
    const mergedAt = '15T12:00:00';
    expect(rotaReviewBeforeMerge(merged(mergedAt), input(null)).status).toBe('broken');
    expect(
      rotaReviewBeforeMerge(merged(mergedAt, { rotaReviews: [review('approved', 0)] }), input(null))
        .status,
    ).toBe('kept');
    expect(
      rotaReviewBeforeMerge(
        merged(mergedAt, { rotaReviews: [review('changes_requested', 2)] }),
        input(null),
      ).status,
    ).toBe('broken');
    // Answered by a commit pushed after it: the merged head is not the reviewed one.
    expect(
      rotaReviewBeforeMerge(
        merged(mergedAt, { rotaReviews: [review('changes_requested', 2, 'a')] }),
        input(null),
      ).status,
    ).toBe('kept');
    // Answered by a person's review after it.
    expect(
      rotaReviewBeforeMerge(
        merged(mergedAt, {
          rotaReviews: [review('changes_requested', 2)],
          reviewsAt: [at('15T11:00:00')],
        }),
        input(null),
      ).status,
    ).toBe('kept');
    // A review finished after the merge does not count.
    expect(
      rotaReviewBeforeMerge(
        merged('15T09:30:00', { rotaReviews: [review('approved', 0)] }),
        input(null),
      ).status,
    ).toBe('broken');
  });

  it('max open days: calendar days from opening', () => {
    const opened = { createdAt: at('01T09:00:00') };
    expect(maxOpenDays(pull(opened), input(7))).toEqual({
      status: 'broken',
      at: at('08T09:00:00'),
    });
    expect(maxOpenDays(pull(opened), input(30))).toEqual({ status: 'pending' });
    expect(maxOpenDays(merged('05T09:00:00', opened), input(7))).toEqual({
      status: 'kept',
      at: at('05T09:00:00'),
    });
    expect(maxOpenDays(merged('10T09:00:00', opened), input(7))).toEqual({
      status: 'broken',
      at: at('08T09:00:00'),
    });
  });

  it('min reviewers: people asked or who reviewed, decided at the merge', () => {
    expect(
      minReviewers(merged('15T10:00:00', { reviewers: ['cem', 'deniz'] }), input(2)).status,
    ).toBe('kept');
    expect(minReviewers(merged('15T10:00:00', { reviewers: ['cem'] }), input(2))).toEqual({
      status: 'broken',
      at: at('15T10:00:00'),
    });
    expect(minReviewers(pull(), input(2))).toEqual({ status: 'pending' });
  });

  it('bots and AI agents are checked only when included', () => {
    const none = { includeBots: false, includeAgents: false };
    expect(checksAuthor(none, 'human')).toBe(true);
    expect(checksAuthor(none, 'bot')).toBe(false);
    expect(checksAuthor({ ...none, includeAgents: true }, 'agent')).toBe(true);
    expect(checksAuthor({ ...none, includeAgents: true }, 'bot')).toBe(false);
  });
});
