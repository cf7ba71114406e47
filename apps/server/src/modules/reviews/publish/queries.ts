import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { projectRepos, projects, reviews } from '../../../db/schema/index.js';
import { projectRepoKeySql } from '../../../db/repo-key.js';
import type { ReviewRow } from '../../../db/schema/reviews.js';

/** Whose GitHub account publishes a review, and the project its link opens. */
export interface Publisher {
  userId: string;
  projectId: string;
}

/**
 * The first project with `publish_reviews` on that holds the repository `owner/repo` (lower case)
 * and whose owner has a GitHub token: projects that installed the repository's webhook first
 * (their owner had admin rights there), then the oldest. Null when no project asks to publish.
 */
export async function findPublisher(
  db: Database,
  repoKey: string,
  hasGitHubToken: (userId: string) => Promise<boolean>,
): Promise<Publisher | null> {
  const candidates = await db
    .select({ userId: projects.ownerId, projectId: projects.id })
    .from(projectRepos)
    .innerJoin(projects, eq(projects.id, projectRepos.projectId))
    .where(and(eq(projects.publishReviews, true), sql`${projectRepoKeySql} = ${repoKey}`))
    .orderBy(desc(projectRepos.webhookInstalled), projects.createdAt, projects.id);
  for (const candidate of candidates) {
    if (await hasGitHubToken(candidate.userId)) return candidate;
  }
  return null;
}

/** The review GitHub now holds: stored at once, so a retry never posts a second one. */
export async function storePostedReview(
  db: Database,
  id: string,
  posted: Pick<ReviewRow, 'publishedReviewId' | 'publishedEvent' | 'publishFallback'>,
) {
  await db.update(reviews).set(posted).where(eq(reviews.id, id));
}

/** Everything is on GitHub: the time, and no error any more. */
export async function markPublished(db: Database, id: string, at: Date) {
  await db
    .update(reviews)
    .set({ publishedAt: at, publishErrorCode: null, publishErrorMessage: null })
    .where(eq(reviews.id, id));
}

/** The last refusal; the verdict and anything already posted stay as they are. */
export async function storePublishError(
  db: Database,
  id: string,
  error: { code: string; message: string },
) {
  await db
    .update(reviews)
    .set({ publishErrorCode: error.code, publishErrorMessage: error.message })
    .where(eq(reviews.id, id));
}
