import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { repoMirrors } from '../db/schema/index.js';

export type MirrorRow = typeof repoMirrors.$inferSelect;

export async function findMirror(db: Database, url: string): Promise<MirrorRow | undefined> {
  const [row] = await db.select().from(repoMirrors).where(eq(repoMirrors.url, url)).limit(1);
  return row;
}

export async function recordFetch(
  db: Database,
  values: { url: string; path: string; defaultBranch: string | null; sizeBytes: number },
): Promise<void> {
  await db
    .insert(repoMirrors)
    .values({ ...values, lastFetchedAt: sql`now()`, lastError: null })
    .onConflictDoUpdate({
      target: repoMirrors.url,
      set: { ...values, lastFetchedAt: sql`now()`, lastError: null, updatedAt: sql`now()` },
    });
}

export async function recordFailure(
  db: Database,
  url: string,
  path: string,
  error: string,
): Promise<void> {
  await db
    .insert(repoMirrors)
    .values({ url, path, lastError: error })
    .onConflictDoUpdate({
      target: repoMirrors.url,
      set: { lastError: error, updatedAt: sql`now()` },
    });
}

export async function deleteMirror(db: Database, url: string): Promise<void> {
  await db.delete(repoMirrors).where(eq(repoMirrors.url, url));
}

/** Mirrors whose URL no project repository names any more. */
export async function listUnusedMirrors(db: Database): Promise<MirrorRow[]> {
  return db
    .select()
    .from(repoMirrors)
    .where(
      sql`not exists (select 1 from project_repos where project_repos.url = ${repoMirrors.url})`,
    );
}
