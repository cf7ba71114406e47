import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { githubRepoSnapshots, projectRepos } from '../../db/schema/index.js';
import type { RepoSnapshotData, RepoSnapshotRow } from './snapshot.js';

/**
 * The rows a user may see for these repositories: the public row ('' scope) and their own private
 * one. One query for a whole project list.
 */
export async function snapshotsFor(
  db: Database,
  forge: string,
  repoKeys: string[],
  userId: string,
): Promise<RepoSnapshotRow[]> {
  if (repoKeys.length === 0) return [];
  const rows = await db
    .select()
    .from(githubRepoSnapshots)
    .where(
      and(
        eq(githubRepoSnapshots.forge, forge),
        inArray(githubRepoSnapshots.repoKey, [...new Set(repoKeys)]),
        or(eq(githubRepoSnapshots.scope, ''), eq(githubRepoSnapshots.scope, userId)),
      ),
    );
  return rows as RepoSnapshotRow[];
}

/** Stores fresh data; a repository that turned private leaves no public copy behind. */
export async function saveSnapshot(
  db: Database,
  row: { forge: string; repoKey: string; scope: string; data: RepoSnapshotData; at: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (row.scope !== '') {
      await tx
        .delete(githubRepoSnapshots)
        .where(
          and(
            eq(githubRepoSnapshots.forge, row.forge),
            eq(githubRepoSnapshots.repoKey, row.repoKey),
            eq(githubRepoSnapshots.scope, ''),
          ),
        );
    }
    const values = { data: row.data, fetchedAt: row.at, error: null, attemptedAt: row.at };
    await tx
      .insert(githubRepoSnapshots)
      .values({ forge: row.forge, repoKey: row.repoKey, scope: row.scope, ...values })
      .onConflictDoUpdate({
        target: [githubRepoSnapshots.forge, githubRepoSnapshots.repoKey, githubRepoSnapshots.scope],
        set: values,
      });
  });
}

/**
 * Records a failed refresh on the rows this user sees (their data stays, to be served stale), or on
 * a private row of their own when nothing is stored, so the block can say why.
 */
export async function saveFailure(
  db: Database,
  row: {
    forge: string;
    repoKey: string;
    userId: string;
    error: { code: string; message: string };
    at: Date;
  },
): Promise<void> {
  const visible = and(
    eq(githubRepoSnapshots.forge, row.forge),
    eq(githubRepoSnapshots.repoKey, row.repoKey),
    or(eq(githubRepoSnapshots.scope, ''), eq(githubRepoSnapshots.scope, row.userId)),
  );
  const updated = await db
    .update(githubRepoSnapshots)
    .set({ error: row.error, attemptedAt: row.at })
    .where(visible)
    .returning({ scope: githubRepoSnapshots.scope });
  if (updated.length > 0) return;
  await db
    .insert(githubRepoSnapshots)
    .values({
      forge: row.forge,
      repoKey: row.repoKey,
      scope: row.userId,
      data: null,
      fetchedAt: null,
      error: row.error,
      attemptedAt: row.at,
    })
    .onConflictDoUpdate({
      target: [githubRepoSnapshots.forge, githubRepoSnapshots.repoKey, githubRepoSnapshots.scope],
      set: { error: row.error, attemptedAt: sql`excluded.attempted_at` },
    });
}

/** The repositories of these projects, in each project's order (one query for a whole list). */
export function reposOfProjects(db: Database, projectIds: string[]) {
  return db
    .select({
      projectId: projectRepos.projectId,
      owner: projectRepos.owner,
      repo: projectRepos.repo,
      url: projectRepos.url,
    })
    .from(projectRepos)
    .where(inArray(projectRepos.projectId, projectIds))
    .orderBy(asc(projectRepos.position), asc(projectRepos.createdAt));
}
