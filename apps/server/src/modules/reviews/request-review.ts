import type { LlmConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/types.js';
import { repoKeyOf } from '../../db/repo-key.js';
import type { EventBus } from '../events/index.js';
import { reviewConfigKey } from './config-key.js';
import * as queries from './queries.js';
import { enqueueReviewJob } from './review-job.js';

export interface ReviewRequest {
  owner: string;
  repo: string;
  number: number;
  headSha: string;
  /** Whether the repository is private; unknown is treated as private (kept for the reader). */
  private: boolean | undefined;
  /** Whose forge credentials the job reads with. */
  readerId: string;
  trigger: 'webhook' | 'manual';
  requestedBy: string | null;
}

/**
 * Asks for a review of one head of a pull request: the existing review when this head was already
 * asked for under the same configuration (no work twice), else a new pending review and its job,
 * superseding the unfinished reviews of older heads.
 */
export async function requestReview(
  deps: { db: Database; queue: JobQueue; events: EventBus; llm?: LlmConfig | null },
  request: ReviewRequest,
): Promise<{ review: queries.ReviewRow; created: boolean }> {
  const repoKey = repoKeyOf(request);
  // A public repository's review serves everybody with it in a project, like its pull requests.
  const storedScope =
    request.private === undefined
      ? await queries.storedPullScope(deps.db, {
          repoKey,
          number: request.number,
          userId: request.readerId,
        })
      : undefined;
  const isPublic = request.private === false || storedScope === '';
  // With the LLM reviewer, its model and the project's prompt are part of the configuration: a
  // prompt edited in the project's settings reviews the same head again.
  const llm = deps.llm
    ? {
        model: deps.llm.model,
        prompt: await queries.projectReviewPrompt(deps.db, {
          repoKey,
          readerId: request.readerId,
        }),
      }
    : null;
  const result = await queries.insertOrFindReview(
    deps.db,
    {
      forge: 'github',
      repoKey,
      scope: isPublic ? '' : request.readerId,
      number: request.number,
      headSha: request.headSha,
      configKey: reviewConfigKey({}, llm),
      engine: llm ? 'rules+llm' : 'rules',
      trigger: request.trigger,
      requestedBy: request.requestedBy,
      readerId: request.readerId,
    },
    `Superseded by a newer head commit (${request.headSha.slice(0, 7)})`,
  );
  if (result.created)
    await deps.events.emit('review.stored', {
      forge: 'github',
      repoKey,
      reviewId: result.review.id,
    });
  // Also for a review found still pending: its job may have been lost with its process.
  if (!result.review.outcome) await enqueueReviewJob(deps.queue, result.review);
  return result;
}
