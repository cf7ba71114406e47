import { and, eq, sql } from 'drizzle-orm';
import type { AnalyticsAuthors, ProjectAnalytics } from '@rota/contracts';
import type { Database } from '../../../db/client.js';
import { projectAnalytics, projectRepos } from '../../../db/schema/index.js';
import { projectRepoKeySql } from '../../../db/repo-key.js';

// ── Stored answers and their invalidation ──────────────────────────────────────────────────

export interface StoredKey {
  projectId: string;
  days: number;
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
        eq(projectAnalytics.authors, key.authors),
      ),
    );
  return row && { ...row, data: row.data as ProjectAnalytics };
}

/** Stores a fresh answer (replacing the key's row). */
export async function writeStored(
  db: Database,
  key: StoredKey & { data: ProjectAnalytics; computedAt: Date },
): Promise<void> {
  await db
    .insert(projectAnalytics)
    .values({ ...key, stale: false })
    .onConflictDoUpdate({
      target: [projectAnalytics.projectId, projectAnalytics.days, projectAnalytics.authors],
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
