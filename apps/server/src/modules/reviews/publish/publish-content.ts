import type { PublishedEvent, ReviewFinding } from '@rota/contracts';
import type { CommitStatus, InlineReviewComment } from '../../forges/index.js';
import type { ReviewRow } from '../queries.js';
import { parsePatch } from '../rules/hunks.js';

/**
 * What Rota posts on GitHub for a review, decided from the stored review alone (pure functions):
 * the review's event, its inline comments and body, and the commit status.
 */

/** The commit status's name on GitHub (branch protection can require it). */
export const STATUS_CONTEXT = 'rota/review';
/** GitHub keeps at most this many characters of a status description. */
const DESCRIPTION_MAX = 140;

const VERDICT_WORDS = {
  approved: 'Rota approves',
  changes_requested: 'Rota requests changes',
  commented: 'Rota comments',
} as const;

/** The verdict as GitHub's review event: a clean re-review approves, so an old change request goes. */
export function eventOf(status: ReviewRow['status']): PublishedEvent {
  if (status === 'approved') return 'APPROVE';
  if (status === 'changes_requested') return 'REQUEST_CHANGES';
  return 'COMMENT';
}

const cut = (text: string) =>
  text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1)}…`;

/**
 * GitHub's states are error, failure, pending and success: changes requested fail the check; an
 * approval and a comment (findings that do not block) pass it; a review that could not run is an
 * error; a pull request Rota does not review (draft, bot, closed) passes with the reason shown, so
 * a required check does not hold it for ever. Null for a review that must not set a status.
 */
export function statusOf(review: ReviewRow, targetUrl: string): CommitStatus | null {
  const status = (state: CommitStatus['state'], description: string): CommitStatus => ({
    state,
    description: cut(description),
    targetUrl,
    context: STATUS_CONTEXT,
  });
  if (review.outcome === null) return status('pending', 'Rota is reviewing this commit');
  if (review.outcome === 'failed')
    return status(
      'error',
      `Rota could not review: ${review.errorMessage ?? 'an error stopped it'}`,
    );
  if (review.outcome === 'skipped') return status('success', review.reason ?? 'Not reviewed');
  if (review.outcome === 'superseded') return null;
  const words =
    review.status === 'pending' ? VERDICT_WORDS.commented : VERDICT_WORDS[review.status];
  return status(
    review.status === 'changes_requested' ? 'failure' : 'success',
    `${words}: ${review.reason ?? ''}`,
  );
}

/** Per file, the new-file lines GitHub lets a comment sit on: added and context lines of its hunks. */
export function commentableLines(files: Array<{ filename: string; patch?: string | undefined }>) {
  const byFile = new Map<string, Set<number>>();
  for (const file of files) {
    const lines = parsePatch(file.patch ?? '')
      .filter((line) => line.kind !== 'removed')
      .map((line) => line.line);
    byFile.set(file.filename, new Set(lines));
  }
  return byFile;
}

export interface ComposedReview {
  body: string;
  comments: InlineReviewComment[];
}

/**
 * Findings on a line inside the diff's hunks become inline comments (GitHub refuses any other
 * line with a 422 that drops the whole review); every other finding is listed in the body,
 * grouped by file, the pull request's own findings first.
 */
export function composeReview(options: {
  review: ReviewRow;
  commentable: Map<string, Set<number>>;
  targetUrl: string;
  /** Set when GitHub would not take the verdict's own event from the pull request's author. */
  ownPullRequest?: boolean;
}): ComposedReview {
  const { review, commentable } = options;
  const comments: InlineReviewComment[] = [];
  const elsewhere = new Map<string, ReviewFinding[]>();
  for (const finding of review.findings) {
    const onDiff =
      finding.file !== null &&
      finding.line !== null &&
      !!commentable.get(finding.file)?.has(finding.line);
    if (onDiff) {
      comments.push({
        path: finding.file!,
        line: finding.line!,
        side: 'RIGHT',
        body: `**${finding.severity}** · ${finding.title}\n\n${finding.message}\n\n<sub>${finding.rule}</sub>`,
      });
      continue;
    }
    const key = finding.file ?? '';
    elsewhere.set(key, [...(elsewhere.get(key) ?? []), finding]);
  }
  const words =
    review.status === 'pending' ? VERDICT_WORDS.commented : VERDICT_WORDS[review.status];
  const lines = [`**${words}** — ${review.reason ?? ''}`];
  if (options.ownPullRequest && review.status !== 'commented')
    lines.push(
      '',
      "_GitHub does not let a pull request's author approve or request changes on it, so this verdict is posted as a comment._",
    );
  if (comments.length > 0)
    lines.push('', `${plural(comments.length, 'finding')} on the changed lines below.`);
  if (elsewhere.size > 0) {
    lines.push('', 'Outside the changed lines:');
    const files = [...elsewhere.keys()].sort((a, b) =>
      a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1,
    );
    for (const file of files) {
      lines.push('', file === '' ? '**Pull request**' : `**\`${file}\`**`);
      for (const finding of elsewhere.get(file)!) {
        const where = finding.line !== null ? ` (line ${finding.line})` : '';
        lines.push(`- **${finding.severity}** · ${finding.title}${where}: ${finding.message}`);
      }
    }
  }
  lines.push('', `[Open this review in Rota](${options.targetUrl})`);
  return { body: lines.join('\n'), comments };
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
