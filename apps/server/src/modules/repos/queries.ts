import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { watchedRepos } from '../../db/schema/index.js';

export type WatchedRepoRow = typeof watchedRepos.$inferSelect;

export function listWatched(db: Database, userId: string): Promise<WatchedRepoRow[]> {
  return db
    .select()
    .from(watchedRepos)
    .where(eq(watchedRepos.userId, userId))
    .orderBy(asc(watchedRepos.repoKey));
}

/** Inserts the row unless the user already watches it; returns the row and whether it is new. */
export async function watch(
  db: Database,
  row: typeof watchedRepos.$inferInsert,
): Promise<{ row: WatchedRepoRow; created: boolean }> {
  const [inserted] = await db.insert(watchedRepos).values(row).onConflictDoNothing().returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(watchedRepos)
    .where(
      and(
        eq(watchedRepos.userId, row.userId),
        eq(watchedRepos.forge, row.forge ?? 'github'),
        eq(watchedRepos.repoKey, row.repoKey),
      ),
    );
  return { row: existing!, created: false };
}

export async function unwatch(
  db: Database,
  userId: string,
  forge: string,
  repoKey: string,
): Promise<WatchedRepoRow | undefined> {
  const [deleted] = await db
    .delete(watchedRepos)
    .where(
      and(
        eq(watchedRepos.userId, userId),
        eq(watchedRepos.forge, forge),
        eq(watchedRepos.repoKey, repoKey),
      ),
    )
    .returning();
  return deleted;
}
