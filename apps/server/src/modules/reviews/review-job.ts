import { z } from 'zod';
import { ErrorCodes, JobErrorCodes } from '@rota/contracts';
import type { LlmConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { JobHandler, JobQueue } from '../../jobs/types.js';
import { PermanentJobError } from '../../jobs/types.js';
import type { EventBus } from '../events/index.js';
import type { ForgeRegistry } from '../forges/index.js';
import { findReview, finishReview } from './queries.js';
import { reviewPullRequest } from './review-pull-request.js';

export const PULL_REQUEST_REVIEW_JOB = 'pull-request-review';

/** Attempts per review job (see enqueueReviewJob). */
const MAX_ATTEMPTS = 2;

const Payload = z.object({ reviewId: z.string().uuid() });

/** One job per review row: triggering the same review again joins the job already queued. */
export function enqueueReviewJob(
  queue: JobQueue,
  review: { id: string; requestedBy: string | null },
) {
  return queue.enqueue(
    PULL_REQUEST_REVIEW_JOB,
    { reviewId: review.id },
    {
      dedupeKey: `${PULL_REQUEST_REVIEW_JOB}:${review.id}`,
      // The forge's refusals are stored on the review, not retried; a second attempt is for the
      // rest (a database hiccup, a process that died mid-review).
      maxAttempts: MAX_ATTEMPTS,
      ...(review.requestedBy ? { ownerId: review.requestedBy } : {}),
    },
  );
}

export function createReviewHandler(deps: {
  db: Database;
  forges: ForgeRegistry;
  /** The LLM reviewer; null or absent = rules only. */
  llm?: LlmConfig | null;
  events: EventBus;
  now?: () => number;
}): JobHandler {
  const now = deps.now ?? Date.now;
  return async (raw, context) => {
    const parsed = Payload.safeParse(raw);
    if (!parsed.success)
      throw new PermanentJobError(JobErrorCodes.badPayload, 'Malformed review payload');
    const forge = deps.forges.byId('github')?.pullRequests;
    if (!forge)
      throw new PermanentJobError(
        JobErrorCodes.noForge,
        'This forge has no pull requests to review',
      );
    const { reviewId } = parsed.data;
    try {
      const ended = await reviewPullRequest(
        { db: deps.db, forge, now, llm: deps.llm ?? null, events: deps.events },
        reviewId,
      );
      return { reviewId, ended };
    } catch (caught) {
      // The last attempt failed for a reason of Rota's own: the review must not stay "pending"
      // for ever. The details stay in the job's error and the log, not in the review.
      if (context.attempt >= MAX_ATTEMPTS) {
        const ended = await finishReview(deps.db, reviewId, {
          outcome: 'failed',
          status: 'commented',
          reason: 'Review failed: an internal error stopped it',
          errorCode: ErrorCodes.internal,
          errorMessage: 'An internal error stopped the review',
          finishedAt: new Date(now()),
        });
        const review = ended ? await findReview(deps.db, reviewId) : undefined;
        if (review)
          await deps.events.emit('review.stored', {
            forge: 'github',
            repoKey: review.repoKey,
            reviewId,
          });
      }
      throw caught;
    }
  };
}
