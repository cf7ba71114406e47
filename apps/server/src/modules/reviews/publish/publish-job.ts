import { z } from 'zod';
import { ErrorCodes, JobErrorCodes } from '@rota/contracts';
import type { Database } from '../../../db/client.js';
import type { JobHandler, JobQueue } from '../../../jobs/types.js';
import { PermanentJobError } from '../../../jobs/types.js';
import { AppError } from '../../../lib/errors.js';
import {
  OwnPullRequestRefusal,
  type ForgePullRequests,
  type ForgeReviewPublishing,
  type PullRequestTarget,
} from '../../forges/index.js';
import type { ForgeRegistry } from '../../forges/index.js';
import { findReview, type ReviewRow } from '../queries.js';
import { commentableLines, composeReview, eventOf, statusOf } from './publish-content.js';
import * as queries from './queries.js';

export const REVIEW_PUBLISH_JOB = 'pull-request-review-publish';

/** Attempts per publish job: GitHub's passing failures (5xx, rate limits) get two more tries. */
const MAX_ATTEMPTS = 3;
/** Refusals a later attempt can get past; the others (no access, rejected) are final. */
const PASSING = new Set<string>([ErrorCodes.githubUnavailable, ErrorCodes.githubRateLimited]);

const Payload = z.object({ reviewId: z.string().uuid() });

export interface PublishDeps {
  db: Database;
  forges: ForgeRegistry;
  /** Whether the user has a GitHub token of their own (publishing never uses the server's). */
  hasGitHubToken: (userId: string) => Promise<boolean>;
  /** PUBLIC_URL: the status links to the review there. */
  publicUrl: string;
  now?: () => number;
}

/** One publish job per review, with its own retries: the review's job is over by then. */
export function enqueuePublishJob(queue: JobQueue, reviewId: string) {
  return queue.enqueue(
    REVIEW_PUBLISH_JOB,
    { reviewId },
    { dedupeKey: `${REVIEW_PUBLISH_JOB}:${reviewId}`, maxAttempts: MAX_ATTEMPTS },
  );
}

/** The web's link to one review on its project's Reviews tab. */
export const reviewLink = (publicUrl: string, projectId: string, reviewId: string) =>
  `${publicUrl}/projects/${projectId}?tab=reviews&review=${reviewId}`;

/**
 * Posts an ended review on GitHub: the pull-request review (for a reviewed head) and the commit
 * status. Never twice: a review already published is left alone, and the posted review's id is
 * stored before the status is posted, so a retry after a failed status posts only the status.
 * A refusal is stored on the review as its publish error; the verdict never changes.
 */
export function createPublishHandler(deps: PublishDeps): JobHandler {
  const now = deps.now ?? Date.now;
  return async (raw, context) => {
    const parsed = Payload.safeParse(raw);
    if (!parsed.success)
      throw new PermanentJobError(JobErrorCodes.badPayload, 'Malformed publish payload');
    const forge = deps.forges.byId('github');
    if (!forge?.reviewPublishing || !forge.pullRequests)
      throw new PermanentJobError(JobErrorCodes.noForge, 'This forge publishes no reviews');
    const { reviewId } = parsed.data;
    const review = await findReview(deps.db, reviewId);
    if (!review?.outcome) return { reviewId, published: 'not-ended' };
    if (review.publishedAt) return { reviewId, published: 'already' };
    const publisher = await queries.findPublisher(deps.db, review.repoKey, deps.hasGitHubToken);
    if (!publisher) return { reviewId, published: 'not-asked' };
    const [owner, repo] = review.repoKey.split('/') as [string, string];
    const target = { userId: publisher.userId, owner, repo };
    const targetUrl = reviewLink(deps.publicUrl, publisher.projectId, review.id);
    try {
      const status = statusOf(review, targetUrl);
      if (!status) return { reviewId, published: 'nothing' };
      if (review.outcome === 'reviewed' && review.publishedReviewId === null)
        await postReview(deps.db, {
          publishing: forge.reviewPublishing,
          reader: forge.pullRequests,
          target,
          review,
          targetUrl,
        });
      await forge.reviewPublishing.postStatus(target, review.headSha, status);
      await queries.markPublished(deps.db, reviewId, new Date(now()));
      return { reviewId, published: 'posted' };
    } catch (caught) {
      if (!(caught instanceof AppError)) throw caught;
      await queries.storePublishError(deps.db, reviewId, {
        code: caught.code,
        message: caught.message,
      });
      if (PASSING.has(caught.code) && context.attempt < MAX_ATTEMPTS) throw caught;
      return { reviewId, published: 'failed' };
    }
  };
}

/**
 * The pull-request review at the reviewed head. Inline comments need the diff's hunks at that
 * head: when the pull request has moved on, the files GitHub lists are another head's, so every
 * finding goes to the body instead.
 */
async function postReview(
  db: Database,
  options: {
    publishing: ForgeReviewPublishing;
    reader: ForgePullRequests;
    target: PullRequestTarget;
    review: ReviewRow;
    targetUrl: string;
  },
) {
  const { publishing, reader, target, review, targetUrl } = options;
  const details = await reader.details(target, review.number);
  const commentable =
    details.headSha === review.headSha
      ? commentableLines((await reader.files(target, review.number)).files)
      : new Map<string, Set<number>>();
  const event = eventOf(review.status);
  const post = (chosen: typeof event, ownPullRequest: boolean) =>
    publishing.postReview(target, {
      number: review.number,
      commitId: review.headSha,
      event: chosen,
      ...composeReview({ review, commentable, targetUrl, ownPullRequest }),
    });
  try {
    const { reviewId } = await post(event, false);
    await queries.storePostedReview(db, review.id, {
      publishedReviewId: reviewId,
      publishedEvent: event,
      publishFallback: null,
    });
  } catch (caught) {
    // GitHub lets nobody approve or request changes on their own pull request: say it as a comment.
    if (!(caught instanceof OwnPullRequestRefusal)) throw caught;
    // A comment refused as well has nothing left to fall back to: stored like any refusal.
    if (event === 'COMMENT') throw new AppError(ErrorCodes.reviewPublishRejected, caught.message);
    const { reviewId } = await post('COMMENT', true);
    await queries.storePostedReview(db, review.id, {
      publishedReviewId: reviewId,
      publishedEvent: 'COMMENT',
      publishFallback: 'own_pull_request',
    });
  }
}
