import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  jobs,
  projectRepos,
  projects,
  pullRequestReviews,
  pullRequests,
  pullRequestSyncs,
} from '../../db/schema/index.js';
import type { PullRequestRecord, ReviewRecord } from '../forges/index.js';

export type SyncRow = typeof pullRequestSyncs.$inferSelect;
export type PullRequestRow = typeof pullRequests.$inferSelect;
export type ReviewRow = typeof pullRequestReviews.$inferSelect;

interface RepoScope {
  forge: string;
  repoKey: string;
}

/** Rows a user may see: the public copy ('' scope) and their own private one. */
const visibleTo = (userId: string) =>
  or(eq(pullRequestSyncs.scope, ''), eq(pullRequestSyncs.scope, userId));

/** Sync rows of these repositories the user may see; their own (private) row wins. */
export async function syncRowsFor(
  db: Database,
  forge: string,
  repoKeys: string[],
  userId: string,
): Promise<Map<string, SyncRow>> {
  const byKey = new Map<string, SyncRow>();
  if (repoKeys.length === 0) return byKey;
  const rows = await db
    .select()
    .from(pullRequestSyncs)
    .where(
      and(
        eq(pullRequestSyncs.forge, forge),
        inArray(pullRequestSyncs.repoKey, [...new Set(repoKeys)]),
        visibleTo(userId),
      ),
    );
  for (const row of rows)
    if (!byKey.has(row.repoKey) || row.scope !== '') byKey.set(row.repoKey, row);
  return byKey;
}

/**
 * Stores one page of pull requests with their reviews, in one transaction. A pull request's
 * reviews are replaced as a whole: GitHub can delete a pending review, and a partial set would
 * give a wrong review state.
 */
export async function savePage(
  db: Database,
  where: RepoScope & { scope: string; at: Date },
  page: Array<{ pull: PullRequestRecord; reviews: ReviewRecord[] }>,
): Promise<void> {
  if (page.length === 0) return;
  await db.transaction(async (tx) => {
    const rows = page.map(({ pull }) => ({
      ...pull,
      forge: where.forge,
      repoKey: where.repoKey,
      scope: where.scope,
      syncedAt: where.at,
    }));
    const saved = await tx
      .insert(pullRequests)
      .values(rows)
      .onConflictDoUpdate({
        target: [pullRequests.forge, pullRequests.repoKey, pullRequests.scope, pullRequests.number],
        set: Object.fromEntries(
          Object.keys(page[0]!.pull)
            .concat('syncedAt')
            .map((key) => {
              const column = pullRequests[key as keyof PullRequestRecord];
              return [key, sql.raw(`excluded.${column.name}`)];
            }),
        ),
      })
      .returning({ id: pullRequests.id, number: pullRequests.number });
    const idOf = new Map(saved.map((row) => [row.number, row.id]));
    const ids = saved.map((row) => row.id);
    await tx.delete(pullRequestReviews).where(inArray(pullRequestReviews.pullRequestId, ids));
    const reviews = page.flatMap(({ pull, reviews }) =>
      reviews.map((review) => ({ ...review, pullRequestId: idOf.get(pull.number)! })),
    );
    // Inserted in slices: PostgreSQL takes at most 65,535 parameters per statement.
    for (let start = 0; start < reviews.length; start += 5_000) {
      await tx
        .insert(pullRequestReviews)
        .values(reviews.slice(start, start + 5_000))
        .onConflictDoNothing();
    }
  });
}

/**
 * Before storing a repository under `scope`: a private repository leaves no public copy behind,
 * and one that turned public drops the syncing user's private copy (the public one replaces it).
 */
export async function dropOtherCopy(
  db: Database,
  where: RepoScope & { scope: string; userId: string },
): Promise<void> {
  const other = where.scope === '' ? where.userId : '';
  await db.transaction(async (tx) => {
    await tx
      .delete(pullRequests)
      .where(
        and(
          eq(pullRequests.forge, where.forge),
          eq(pullRequests.repoKey, where.repoKey),
          eq(pullRequests.scope, other),
        ),
      );
    await tx
      .delete(pullRequestSyncs)
      .where(
        and(
          eq(pullRequestSyncs.forge, where.forge),
          eq(pullRequestSyncs.repoKey, where.repoKey),
          eq(pullRequestSyncs.scope, other),
        ),
      );
  });
}

async function storedCount(db: Database, where: RepoScope & { scope: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(pullRequests)
    .where(
      and(
        eq(pullRequests.forge, where.forge),
        eq(pullRequests.repoKey, where.repoKey),
        eq(pullRequests.scope, where.scope),
      ),
    );
  return row?.n ?? 0;
}

/** A complete sync: the watermark moves to the newest update seen, errors are cleared. */
export async function saveSynced(
  db: Database,
  where: RepoScope & { scope: string; watermark: Date | null; at: Date },
): Promise<void> {
  const values = {
    watermark: where.watermark,
    status: 'synced' as const,
    lastSyncedAt: where.at,
    attemptedAt: where.at,
    error: null,
    prCount: await storedCount(db, where),
  };
  await db
    .insert(pullRequestSyncs)
    .values({ forge: where.forge, repoKey: where.repoKey, scope: where.scope, ...values })
    .onConflictDoUpdate({
      target: [pullRequestSyncs.forge, pullRequestSyncs.repoKey, pullRequestSyncs.scope],
      set: values,
    });
}

/**
 * A failed sync: the error is recorded on the row the user sees (its watermark and data stay, so
 * what was stored is still served), or on a new row of their own when there is none.
 */
export async function saveFailed(
  db: Database,
  where: RepoScope & { scope: string; error: { code: string; message: string }; at: Date },
): Promise<void> {
  const prCount = await storedCount(db, where);
  await db
    .insert(pullRequestSyncs)
    .values({
      forge: where.forge,
      repoKey: where.repoKey,
      scope: where.scope,
      watermark: null,
      status: 'failed',
      lastSyncedAt: null,
      attemptedAt: where.at,
      error: where.error,
      prCount,
    })
    .onConflictDoUpdate({
      target: [pullRequestSyncs.forge, pullRequestSyncs.repoKey, pullRequestSyncs.scope],
      set: { status: 'failed', attemptedAt: where.at, error: where.error, prCount },
    });
}

export interface ListFilter {
  forge: string;
  repoKeys: string[];
  userId: string;
  state: 'open' | 'closed' | 'merged' | 'all';
  search: string;
  limit: number;
  offset: number;
}

/** `%` and `_` in what the user typed are letters, not wildcards. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function listWhere(filter: ListFilter): SQL | undefined {
  const conditions: Array<SQL | undefined> = [
    eq(pullRequests.forge, filter.forge),
    inArray(pullRequests.repoKey, filter.repoKeys),
    or(eq(pullRequests.scope, ''), eq(pullRequests.scope, filter.userId)),
  ];
  if (filter.state !== 'all') conditions.push(eq(pullRequests.state, filter.state));
  const search = filter.search.replace(/^#/, '');
  if (search !== '') {
    const pattern = `%${likeEscaped(search)}%`;
    const number = /^\d{1,9}$/.test(search) ? Number(search) : null;
    conditions.push(
      or(
        ilike(pullRequests.title, pattern),
        ilike(pullRequests.authorLogin, pattern),
        ...(number !== null ? [eq(pullRequests.number, number)] : []),
      ),
    );
  }
  return and(...conditions);
}

/** One page of a project's pull requests, newest activity first, and how many match in all. */
export async function listPullRequests(
  db: Database,
  filter: ListFilter,
): Promise<{ rows: PullRequestRow[]; total: number }> {
  if (filter.repoKeys.length === 0) return { rows: [], total: 0 };
  const where = listWhere(filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(pullRequests)
      .where(where)
      .orderBy(desc(pullRequests.updatedAt), desc(pullRequests.number), desc(pullRequests.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(pullRequests).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export function reviewsOf(db: Database, pullRequestIds: string[]): Promise<ReviewRow[]> {
  if (pullRequestIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(pullRequestReviews)
    .where(inArray(pullRequestReviews.pullRequestId, pullRequestIds));
}

/** Sync jobs still queued or running, by dedupe key (any asker's: webhooks queue them too). */
export async function liveSyncJobs(
  db: Database,
  dedupeKeys: string[],
): Promise<Map<string, 'queued' | 'running'>> {
  const live = new Map<string, 'queued' | 'running'>();
  if (dedupeKeys.length === 0) return live;
  const rows = await db
    .select({ key: jobs.dedupeKey, status: jobs.status })
    .from(jobs)
    .where(and(inArray(jobs.dedupeKey, dedupeKeys), inArray(jobs.status, ['queued', 'running'])));
  for (const row of rows) {
    if (!row.key) continue;
    // Running says more than queued when a new job already waits behind a running one.
    if (row.status === 'running' || !live.has(row.key))
      live.set(row.key, row.status as 'queued' | 'running');
  }
  return live;
}

/** Repositories of active projects that no webhook keeps current, with their owner (any host). */
export function reposWithoutWebhook(db: Database) {
  return db
    .selectDistinct({
      userId: projects.ownerId,
      owner: projectRepos.owner,
      repo: projectRepos.repo,
      url: projectRepos.url,
    })
    .from(projectRepos)
    .innerJoin(projects, eq(projects.id, projectRepos.projectId))
    .where(and(eq(projects.isActive, true), eq(projectRepos.webhookInstalled, false)));
}
