import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { columnList, mapRow, rowsOf } from '../../db/map-row.js';
import { projectRepos, projects, pullRequests, reviews } from '../../db/schema/index.js';
import { projectRepoKeySql } from '../../db/repo-key.js';
import type { ReviewRow } from '../../db/schema/reviews.js';

export type { ReviewRow };
export type NewReview = typeof reviews.$inferInsert;

/** The pull request a review is about, in the table's terms. */
export interface ReviewSubject {
  forge: 'github';
  repoKey: string;
  scope: string;
  number: number;
}

/**
 * Inserts the review, or finds the one with the same pull request, head and configuration; in the
 * same statement a new head supersedes the unfinished reviews of older heads of that pull request.
 * One statement (a CTE: insert, supersede when inserted, else read the existing row) rather than a
 * transaction of three: webhook bursts ask for the same heads again and again.
 */
export async function insertOrFindReview(
  db: Database,
  row: NewReview & ReviewSubject & { headSha: string; configKey: string },
  supersededReason: string,
): Promise<{ review: ReviewRow; created: boolean }> {
  const insert = db.insert(reviews).values(row).onConflictDoNothing().returning();
  const sameSubject = and(
    eq(reviews.forge, row.forge),
    eq(reviews.repoKey, row.repoKey),
    eq(reviews.scope, row.scope),
    eq(reviews.number, row.number),
  );
  const supersede = db
    .update(reviews)
    .set({
      outcome: 'superseded',
      status: 'commented',
      reason: supersededReason,
      finishedAt: new Date(),
    })
    .where(
      and(
        sameSubject,
        ne(reviews.headSha, row.headSha),
        isNull(reviews.outcome),
        sql`exists (select 1 from inserted)`,
      ),
    );
  // Neither inserted nor found happens only on PostgreSQL, when the conflicting row was committed
  // after this statement's snapshot: the next statement sees it.
  for (let attempt = 1; ; attempt += 1) {
    const [found] = rowsOf(
      await db.execute(sql`
        with inserted as (${insert.getSQL()}),
          superseded as (${supersede.getSQL()})
        select ${columnList(reviews)}, true as created from inserted
        union all
        select ${columnList(reviews)}, false as created from ${reviews}
        where ${and(sameSubject, eq(reviews.headSha, row.headSha), eq(reviews.configKey, row.configKey))}
          and not exists (select 1 from inserted)
        limit 1`),
    );
    if (found) return { review: mapRow(reviews, found), created: found.created === true };
    if (attempt >= 3) throw new Error('The review was neither inserted nor found');
  }
}

export async function findReview(db: Database, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row;
}

/** Marks an unfinished review as started; false when it has already ended (superseded). */
export async function markStarted(db: Database, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ startedAt: at })
    .where(and(eq(reviews.id, id), isNull(reviews.outcome)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/**
 * Stores how a review ended, unless it ended already: a review superseded while it ran keeps
 * "superseded" (its result is about a head the pull request no longer has).
 */
export async function finishReview(
  db: Database,
  id: string,
  result: Partial<
    Pick<
      ReviewRow,
      | 'status'
      | 'outcome'
      | 'skippedReason'
      | 'reason'
      | 'findings'
      | 'coverage'
      | 'errorCode'
      | 'errorMessage'
      | 'engine'
      | 'llm'
    >
  > & { outcome: NonNullable<ReviewRow['outcome']>; finishedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set(result)
    .where(and(eq(reviews.id, id), isNull(reviews.outcome)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** Reviews of these repositories a user may see (public ones, and private ones read for them). */
const visible = (repoKeys: string[], userId: string) =>
  and(
    eq(reviews.forge, 'github'),
    inArray(reviews.repoKey, repoKeys),
    or(eq(reviews.scope, ''), eq(reviews.scope, userId)),
  );

/** Newest first, at most `limit`. */
export function listReviews(db: Database, repoKeys: string[], userId: string, limit: number) {
  if (repoKeys.length === 0) return Promise.resolve([] as ReviewRow[]);
  return db
    .select()
    .from(reviews)
    .where(visible(repoKeys, userId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/** Counts per status and outcome, and the mean trigger-to-verdict seconds of reviewed ones. */
export async function reviewCounts(db: Database, repoKeys: string[], userId: string) {
  if (repoKeys.length === 0) return { groups: [], avgSeconds: null };
  const groups = await db
    .select({ status: reviews.status, outcome: reviews.outcome, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(visible(repoKeys, userId))
    .groupBy(reviews.status, reviews.outcome);
  const [avg] = await db
    .select({
      seconds: sql<
        string | null
      >`avg(extract(epoch from (${reviews.finishedAt} - ${reviews.createdAt})))`,
    })
    .from(reviews)
    .where(and(visible(repoKeys, userId), eq(reviews.outcome, 'reviewed')));
  return { groups, avgSeconds: avg?.seconds == null ? null : Number(avg.seconds) };
}

/**
 * Rota's finished reviews of merged pull requests, with each pull request's final head: what
 * compliance is computed from.
 */
export function reviewsOfMergedPulls(db: Database, repoKeys: string[], userId: string) {
  if (repoKeys.length === 0) return Promise.resolve([]);
  return db
    .select({
      repoKey: pullRequests.repoKey,
      number: pullRequests.number,
      finalSha: pullRequests.headSha,
      headSha: reviews.headSha,
      status: reviews.status,
      finishedAt: reviews.finishedAt,
    })
    .from(reviews)
    .innerJoin(
      pullRequests,
      and(
        eq(pullRequests.forge, reviews.forge),
        eq(pullRequests.repoKey, reviews.repoKey),
        eq(pullRequests.number, reviews.number),
        or(eq(pullRequests.scope, ''), eq(pullRequests.scope, userId)),
      ),
    )
    .where(
      and(
        visible(repoKeys, userId),
        eq(reviews.outcome, 'reviewed'),
        eq(pullRequests.state, 'merged'),
      ),
    );
}

/**
 * Owners of projects with the repository `owner/repo` (any host), with its URL. First the owners
 * whose project installed the repository's webhook (installing took admin rights there, so they
 * can read it, private or not), then the oldest project first.
 */
/**
 * The review prompt of the project a review follows: among the projects with the repository,
 * one owned by the review's reader first (the reader's own settings), then the oldest. Null when
 * there is no such project or the chosen one has no prompt. Rota's database only, never the pull
 * request's branch.
 */
export async function projectReviewPrompt(
  db: Database,
  subject: { repoKey: string; readerId: string | null },
): Promise<string | null> {
  const ownedByReader = subject.readerId
    ? sql`(${projects.ownerId} = ${subject.readerId})`
    : sql`false`;
  const [row] = await db
    .select({ prompt: projects.reviewPrompt })
    .from(projectRepos)
    .innerJoin(projects, eq(projects.id, projectRepos.projectId))
    .where(sql`${projectRepoKeySql} = ${subject.repoKey}`)
    .orderBy(desc(ownedByReader), projects.createdAt, projects.id)
    .limit(1);
  return row?.prompt ?? null;
}

export function ownersOfRepository(db: Database, repoKey: string) {
  return db
    .select({ userId: projects.ownerId, url: projectRepos.url, createdAt: projects.createdAt })
    .from(projectRepos)
    .innerJoin(projects, eq(projects.id, projectRepos.projectId))
    .where(sql`${projectRepoKeySql} = ${repoKey}`)
    .orderBy(desc(projectRepos.webhookInstalled), projects.createdAt, projects.id);
}

/** The stored pull request's scope, if the sync stored it where this user may see it. */
export async function storedPullScope(
  db: Database,
  subject: { repoKey: string; number: number; userId: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ scope: pullRequests.scope })
    .from(pullRequests)
    .where(
      and(
        eq(pullRequests.forge, 'github'),
        eq(pullRequests.repoKey, subject.repoKey),
        eq(pullRequests.number, subject.number),
        or(eq(pullRequests.scope, ''), eq(pullRequests.scope, subject.userId)),
      ),
    );
  return row?.scope;
}
