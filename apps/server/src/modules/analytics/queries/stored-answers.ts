import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { AnalyticsAuthors, ProjectAnalytics } from '@rota/contracts';
import type { Database } from '../../../db/client.js';
import { rowsOf } from '../../../db/map-row.js';
import { projectAnalytics, projectRepos } from '../../../db/schema/index.js';
import { projectRepoKeySql } from '../../../db/repo-key.js';

// ── Stored answers and their invalidation ──────────────────────────────────────────────────

export interface StoredKey {
  projectId: string;
  /** The preset's days, or 0 for a custom period. */
  days: number;
  /** The period's days and zone (`from..to@zone`), and `#team` with a team filter. */
  periodKey?: string;
  authors: AnalyticsAuthors;
}

/** The stored answer of one key, with whether it may still be served. */
export async function readStored(
  db: Database,
  key: StoredKey,
): Promise<{ data: ProjectAnalytics; computedAt: Date; stale: boolean } | undefined> {
  const [row] = await db
    .select({
      data: projectAnalytics.data,
      computedAt: projectAnalytics.computedAt,
      stale: projectAnalytics.stale,
    })
    .from(projectAnalytics)
    .where(
      and(
        eq(projectAnalytics.projectId, key.projectId),
        eq(projectAnalytics.days, key.days),
        eq(projectAnalytics.periodKey, key.periodKey ?? ''),
        eq(projectAnalytics.authors, key.authors),
      ),
    );
  return row && { ...row, data: row.data as ProjectAnalytics };
}

/** How long an answer of a custom period is kept after it was computed. */
const CUSTOM_KEPT_MS = 86_400_000;

/**
 * Stores a fresh answer (replacing the key's row). Rows do not pile up: a preset's answers of
 * other days (another `period_key` of the same preset and authors) go, and so do the project's
 * custom-period answers computed more than a day ago.
 */
export async function writeStored(
  db: Database,
  key: StoredKey & { data: ProjectAnalytics; computedAt: Date },
): Promise<void> {
  const periodKey = key.periodKey ?? '';
  const dayAgo = new Date(key.computedAt.getTime() - CUSTOM_KEPT_MS);
  await db
    .delete(projectAnalytics)
    .where(
      and(
        eq(projectAnalytics.projectId, key.projectId),
        or(
          key.days > 0
            ? and(
                eq(projectAnalytics.days, key.days),
                eq(projectAnalytics.authors, key.authors),
                ne(projectAnalytics.periodKey, periodKey),
              )
            : sql`false`,
          and(eq(projectAnalytics.days, 0), lt(projectAnalytics.computedAt, dayAgo)),
        ),
      ),
    );
  await db
    .insert(projectAnalytics)
    .values({ ...key, periodKey, stale: false })
    .onConflictDoUpdate({
      target: [
        projectAnalytics.projectId,
        projectAnalytics.days,
        projectAnalytics.periodKey,
        projectAnalytics.authors,
      ],
      set: { data: key.data, computedAt: key.computedAt, stale: false },
    });
}

/**
 * Invalidation: marks stale every stored answer of the projects a change touches. Each is one
 * small UPDATE (no row: nothing to do), called where the change already happens.
 */
export async function markProjectStale(db: Database, projectId: string): Promise<void> {
  await db
    .update(projectAnalytics)
    .set({ stale: true })
    .where(eq(projectAnalytics.projectId, projectId));
}

/** Projects holding the repository `owner/repo` (lower-case key, any host). */
export async function markRepoKeyStale(db: Database, repoKey: string): Promise<void> {
  await db.execute(sql`update ${projectAnalytics} set stale = true
    where ${projectAnalytics.projectId} in (select ${projectRepos.projectId} from ${projectRepos}
      where ${projectRepoKeySql} = ${repoKey.toLowerCase()})`);
}

/** Projects holding the repository at `url` (an analysis of its mirror was stored). */
export async function markRepoUrlStale(db: Database, url: string): Promise<void> {
  await db.execute(sql`update ${projectAnalytics} set stale = true
    where ${projectAnalytics.projectId} in (select ${projectRepos.projectId} from ${projectRepos}
      where ${projectRepos.url} = ${url})`);
}

// ── The stored answers as a cache ──────────────────────────────────────────────────────────

/** How many answers are stored, their size as stored (compressed), and the oldest's time. */
export async function storedAnswerFigures(
  db: Database,
): Promise<{ entries: number; bytes: number; oldest: Date | null }> {
  const [row] = await db
    .select({
      entries: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(pg_column_size(${projectAnalytics}.*)), 0)::bigint`,
      oldest: sql<string | null>`min(${projectAnalytics.computedAt})`,
    })
    .from(projectAnalytics);
  return {
    entries: Number(row?.entries ?? 0),
    bytes: Number(row?.bytes ?? 0),
    oldest: row?.oldest ? new Date(row.oldest) : null,
  };
}

/** Deletes the stored answers of these projects, or all of them; returns how many went. */
export async function deleteStoredAnswers(
  db: Database,
  projectIds: readonly string[] | 'all',
): Promise<number> {
  if (projectIds !== 'all' && projectIds.length === 0) return 0;
  const condition =
    projectIds === 'all' ? sql`true` : inArray(projectAnalytics.projectId, [...projectIds]);
  const result = await db.execute(
    sql`with gone as (delete from ${projectAnalytics} where ${condition} returning 1)
      select count(*)::int as removed from gone`,
  );
  return Number(rowsOf(result)[0]?.removed ?? 0);
}
