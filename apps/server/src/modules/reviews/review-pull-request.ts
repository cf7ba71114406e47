import { ErrorCodes, type ReviewCoverage } from '@rota/contracts';
import type { LlmConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { EventBus } from '../events/index.js';
import type { ForgePullRequests, PullRequestDetails } from '../forges/index.js';
import { GITHUB_MAX_LISTED_FILES } from '../forges/index.js';
import { runLlmReview, type LlmReviewResult } from './llm/run-llm-review.js';
import * as queries from './queries.js';
import { runRules, type ReviewInput } from './rules/index.js';
import { coverageGap, decideVerdict } from './verdict.js';

export interface ReviewDeps {
  db: Database;
  forge: ForgePullRequests;
  now: () => number;
  /** The LLM reviewer; null = rules only. */
  llm: LlmConfig | null;
  /** Told when the review starts and when it ends (`review.stored`). */
  events: EventBus;
}

type Ended = 'reviewed' | 'skipped' | 'superseded' | 'failed' | 'already-ended';

/**
 * One review, start to end: read the pull request as it is now with the reader's credentials,
 * skip what Rota does not review (closed, draft, bot authors), run the rules over its files, then
 * the LLM reviewer when configured, let the code decide the verdict, store it. A model that fails
 * or files the model's budget left out make the review incomplete (never approved); the rules'
 * findings are stored either way. A review that ended before it ran (superseded by a newer
 * push) does nothing. The forge's refusals (not found, rate limit, revoked token) are stored on
 * the review as its failure; anything else (the database, a bug) is thrown for the job to retry.
 */
export async function reviewPullRequest(deps: ReviewDeps, reviewId: string): Promise<Ended> {
  const { db } = deps;
  const at = () => new Date(deps.now());
  const review = await queries.findReview(db, reviewId);
  if (!review || review.outcome) return 'already-ended';
  if (!(await queries.markStarted(db, reviewId, at()))) return 'already-ended';
  const stored = () =>
    deps.events.emit('review.stored', { forge: 'github', repoKey: review.repoKey, reviewId });
  await stored();
  const [owner, repo] = review.repoKey.split('/') as [string, string];
  try {
    if (!review.readerId)
      throw new AppError(
        ErrorCodes.notFound,
        'The user whose credentials read this repository no longer exists',
      );
    const target = { userId: review.readerId, owner, repo };
    const details = await deps.forge.details(target, review.number);
    const early = skipOrSupersede(details, review.headSha);
    if (early) {
      await queries.finishReview(db, reviewId, { ...early, status: 'commented', finishedAt: at() });
      await stored();
      return early.outcome;
    }
    const listed = await deps.forge.files(target, review.number);
    const input: ReviewInput = {
      pullRequest: {
        title: details.title,
        body: details.body,
        author: details.author,
        draft: details.draft,
        additions: details.additions,
        deletions: details.deletions,
        changedFiles: details.changedFiles,
        baseRef: details.baseRef,
        headRef: details.headRef,
      },
      files: listed.files,
    };
    const result = runRules(input);
    const coverage: ReviewCoverage = listed.truncated
      ? {
          ...result.coverage,
          filesNotListed: Math.max(0, details.changedFiles - listed.files.length),
        }
      : result.coverage;
    const gap = listed.truncated
      ? `GitHub lists only the first ${GITHUB_MAX_LISTED_FILES.toLocaleString('en-US')} files; ${coverage.filesNotListed} more were not reviewed`
      : coverageGap(coverage);
    const model = deps.llm ? await modelReview(deps, deps.llm, review, input) : null;
    const findings = [...result.findings, ...(model?.findings ?? [])];
    const gaps = [gap, model?.incompleteReason ?? null].filter((text) => text !== null);
    const verdict = decideVerdict({
      findings,
      complete: gaps.length === 0,
      ...(gaps.length > 0 ? { incompleteReason: gaps.join('; ') } : {}),
    });
    await queries.finishReview(db, reviewId, {
      outcome: 'reviewed',
      status: verdict.status,
      reason: verdict.reason,
      findings,
      coverage,
      engine: model ? 'rules+llm' : 'rules',
      llm: model?.llm ?? null,
      finishedAt: at(),
    });
    await stored();
    return 'reviewed';
  } catch (caught) {
    if (!(caught instanceof AppError)) throw caught;
    // Never approved: what could not be read may hold the problem (the verdict's rule).
    await queries.finishReview(db, reviewId, {
      outcome: 'failed',
      status: 'commented',
      reason: `Review failed: ${caught.message}`,
      errorCode: caught.code,
      errorMessage: caught.message,
      finishedAt: at(),
    });
    await stored();
    return 'failed';
  }
}

/** The model's part, following the review prompt of the project the review's reader owns. */
async function modelReview(
  deps: ReviewDeps,
  llm: LlmConfig,
  review: queries.ReviewRow,
  input: ReviewInput,
): Promise<LlmReviewResult> {
  const projectPrompt = await queries.projectReviewPrompt(deps.db, {
    repoKey: review.repoKey,
    readerId: review.readerId,
  });
  return runLlmReview({ config: llm, input, projectPrompt });
}

/** Why this pull request is not reviewed at this head, or null to review it. */
export function skipOrSupersede(
  details: PullRequestDetails,
  headSha: string,
):
  | { outcome: 'superseded'; reason: string; skippedReason?: undefined }
  | { outcome: 'skipped'; skippedReason: 'closed' | 'draft' | 'bot'; reason: string }
  | null {
  // The files API lists the current head's changes: reviewing them under an older sha would lie.
  if (details.headSha !== headSha)
    return {
      outcome: 'superseded',
      reason: `The pull request moved on to ${details.headSha.slice(0, 7)}`,
    };
  if (details.state !== 'open')
    return {
      outcome: 'skipped',
      skippedReason: 'closed',
      reason: `Not reviewed: the pull request is ${details.state}`,
    };
  if (details.draft)
    return {
      outcome: 'skipped',
      skippedReason: 'draft',
      reason: 'Not reviewed: the pull request is a draft',
    };
  if (details.author.isBot)
    return {
      outcome: 'skipped',
      skippedReason: 'bot',
      reason: `Not reviewed: ${details.author.login} is a bot`,
    };
  return null;
}
