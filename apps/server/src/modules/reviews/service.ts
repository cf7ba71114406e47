import {
  ErrorCodes,
  ReviewMessages,
  type ReviewDetail,
  type ReviewList,
  type ReviewRecord,
} from '@rota/contracts';
import type { LlmConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/types.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { EventBus } from '../events/index.js';
import type { ForgeRegistry } from '../forges/index.js';
import { repoKeyOf } from '../../db/repo-key.js';
import { repositoriesOf, requireOwnedProject } from '../project-access/index.js';
import * as queries from './queries.js';
import { requestReview } from './request-review.js';
import { toReviewDetail, toReviewRecord } from './review-record.js';
import { reviewStats } from './stats.js';

/** Lists show the newest reviews; the stats count them all. */
export const REVIEW_LIST_LIMIT = 100;

export interface ReviewsServiceDeps {
  db: Database;
  queue: JobQueue;
  forges: ForgeRegistry;
  events: EventBus;
  /** The LLM reviewer, when configured (its model and the project's prompt join the config key). */
  llm?: LlmConfig | null;
}

/**
 * Rota's reviews through the API: asking for one by hand and reading them. Whoever has the
 * repository in one of their projects may see its reviews (private ones only when read for them);
 * anyone else gets the same 404 as for a repository or review that does not exist.
 */
export class ReviewsService {
  constructor(private readonly deps: ReviewsServiceDeps) {}

  /**
   * `POST /api/webhook/review/{owner}/{repo}/{number}`: reads the pull request's head with the
   * user's credentials (a pull request GitHub does not show them is the same 404), then asks for
   * its review. `created: false` when this head was already reviewed under this configuration.
   */
  async requestManual(
    userId: string,
    ref: { owner: string; repo: string; number: number },
  ): Promise<{ review: ReviewRecord; done: boolean }> {
    if (!(await this.hasRepository(userId, repoKeyOf(ref))))
      throw notFound(ReviewMessages.pullRequestNotFound);
    const forge = this.deps.forges.byId('github')?.pullRequests;
    if (!forge) throw notFound(ReviewMessages.pullRequestNotFound);
    const details = await forge.details({ userId, ...ref }, ref.number).catch((caught: unknown) => {
      // GitHub's 404 (no such pull request, or not shown to this user) reads like ours.
      if (caught instanceof AppError && caught.code === ErrorCodes.githubNotFound)
        throw notFound(ReviewMessages.pullRequestNotFound);
      throw caught;
    });
    const { review } = await requestReview(this.deps, {
      ...ref,
      headSha: details.headSha,
      private: details.private,
      readerId: userId,
      trigger: 'manual',
      requestedBy: userId,
    });
    return { review: toReviewRecord(review), done: review.outcome !== null };
  }

  async listForProject(userId: string, projectId: string): Promise<ReviewList> {
    const { db } = this.deps;
    const project = await requireOwnedProject(db, userId, projectId);
    const repos = await repositoriesOf(db, project.id);
    const keys = [
      ...new Set(
        repos
          .filter((repo) => repo.owner && repo.repo)
          .filter((repo) => this.deps.forges.forRepositoryUrl(repo.url)?.id === 'github')
          .map((repo) => repoKeyOf(repo)),
      ),
    ];
    return this.list(userId, keys);
  }

  async listForRepository(
    userId: string,
    ref: { owner: string; repo: string },
  ): Promise<ReviewList> {
    const key = repoKeyOf(ref);
    if (!(await this.hasRepository(userId, key))) throw notFound(ReviewMessages.repositoryNotFound);
    return this.list(userId, [key]);
  }

  async detail(userId: string, reviewId: string): Promise<ReviewDetail> {
    const row = isUuid(reviewId) ? await queries.findReview(this.deps.db, reviewId) : undefined;
    const visible =
      row &&
      (row.scope === '' || row.scope === userId) &&
      (await this.hasRepository(userId, row.repoKey));
    if (!row || !visible) throw notFound(ReviewMessages.notFound);
    return toReviewDetail(row);
  }

  private async list(userId: string, keys: string[]): Promise<ReviewList> {
    const { db } = this.deps;
    const [rows, counts, merged] = await Promise.all([
      queries.listReviews(db, keys, userId, REVIEW_LIST_LIMIT),
      queries.reviewCounts(db, keys, userId),
      queries.reviewsOfMergedPulls(db, keys, userId),
    ]);
    return {
      reviews: rows.map(toReviewRecord),
      stats: reviewStats(counts.groups, counts.avgSeconds, merged),
    };
  }

  /** Whether one of the user's projects has this GitHub repository. */
  private async hasRepository(userId: string, repoKey: string): Promise<boolean> {
    const rows = await queries.ownersOfRepository(this.deps.db, repoKey);
    return rows.some(
      (row) => row.userId === userId && this.deps.forges.forRepositoryUrl(row.url)?.id === 'github',
    );
  }
}
