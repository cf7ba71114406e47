import type { Database } from '../../../db/client.js';
import type { JobHandler, JobQueue } from '../../../jobs/types.js';
import { stderrLogger, type Logger } from '../../../lib/logging.js';
import type { ForgeRegistry } from '../../forges/index.js';
import { findReview } from '../queries.js';
import { statusOf } from './publish-content.js';
import { enqueuePublishJob, reviewLink } from './publish-job.js';
import { findPublisher } from './queries.js';

/**
 * Wraps the review job's handler (which stays unaware of publishing): when a project asks to
 * publish this repository's reviews, a `pending` commit status goes up as the review starts, and
 * once the review has ended its publish job is queued. A publish failure never fails the review.
 */
export function withReviewPublishing(
  review: JobHandler,
  deps: {
    db: Database;
    forges: ForgeRegistry;
    /** The queue the publish job goes on (made after the handlers, so read when needed). */
    queue: () => JobQueue;
    hasGitHubToken: (userId: string) => Promise<boolean>;
    publicUrl: string;
    /** Where publishing failures that leave the review alone are told (default: stderr). */
    logger?: Logger;
  },
): JobHandler {
  const logger = deps.logger ?? stderrLogger();
  const log = (message: string, error: unknown) => logger.warn({ err: error }, message);
  return async (payload, context) => {
    const reviewId = (payload as { reviewId?: unknown } | null)?.reviewId;
    const before = typeof reviewId === 'string' ? await findReviewSafely(deps.db, reviewId) : null;
    const publisher =
      before && !before.outcome
        ? await findPublisher(deps.db, before.repoKey, deps.hasGitHubToken)
        : null;
    const publishing = deps.forges.byId('github')?.reviewPublishing;
    if (before && publisher && publishing) {
      const [owner, repo] = before.repoKey.split('/') as [string, string];
      const pending = statusOf(before, reviewLink(deps.publicUrl, publisher.projectId, before.id));
      // Best effort: the verdict's own publish job stores any refusal (the same token and rights).
      await publishing
        .postStatus({ userId: publisher.userId, owner, repo }, before.headSha, pending!)
        .catch((error: unknown) => log('could not post the pending review status', error));
    }
    try {
      return await review(payload, context);
    } finally {
      if (before && publisher) {
        const after = await findReviewSafely(deps.db, before.id);
        // Ended by this attempt (a failed attempt that will be retried leaves it open).
        if (after?.outcome && after.outcome !== 'superseded')
          await enqueuePublishJob(deps.queue(), after.id).catch((error: unknown) =>
            log('could not queue publishing the review', error),
          );
      }
    }
  };
}

/** A malformed id is the review handler's to refuse; here it only means "nothing to publish". */
async function findReviewSafely(db: Database, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  return (await findReview(db, id)) ?? null;
}
