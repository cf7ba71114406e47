import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { JobHandler, JobQueue } from '../../jobs/types.js';
import { PermanentJobError } from '../../jobs/types.js';
import type { ForgeRegistry } from '../forges/registry.js';
import { reviewPullRequest } from './review-pull-request.js';

export const PULL_REQUEST_REVIEW_JOB = 'pull-request-review';

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
      maxAttempts: 2,
      ...(review.requestedBy ? { ownerId: review.requestedBy } : {}),
    },
  );
}

export function createReviewHandler(deps: {
  db: Database;
  forges: ForgeRegistry;
  now?: () => number;
}): JobHandler {
  return async (raw) => {
    const parsed = Payload.safeParse(raw);
    if (!parsed.success) throw new PermanentJobError('BAD_PAYLOAD', 'Malformed review payload');
    const forge = deps.forges.byId('github')?.pullRequests;
    if (!forge)
      throw new PermanentJobError('NO_FORGE', 'This forge has no pull requests to review');
    const ended = await reviewPullRequest(
      { db: deps.db, forge, now: deps.now ?? Date.now },
      parsed.data.reviewId,
    );
    return { reviewId: parsed.data.reviewId, ended };
  };
}
