import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { analysisResults } from '../../db/schema/index.js';

export type AnalysisResultRow = typeof analysisResults.$inferSelect;

export async function findResult(
  db: Database,
  key: { repoUrl: string; kind: string; revision: string; analyzerVersion: string },
): Promise<AnalysisResultRow | undefined> {
  const [row] = await db
    .select()
    .from(analysisResults)
    .where(
      and(
        eq(analysisResults.repoUrl, key.repoUrl),
        eq(analysisResults.kind, key.kind),
        eq(analysisResults.revision, key.revision),
        eq(analysisResults.analyzerVersion, key.analyzerVersion),
      ),
    )
    .limit(1);
  return row;
}

/** The newest result of a kind for a repository, whatever its revision (shown stale if behind). */
export async function latestResult(
  db: Database,
  repoUrl: string,
  kind: string,
): Promise<AnalysisResultRow | undefined> {
  const [row] = await db
    .select()
    .from(analysisResults)
    .where(and(eq(analysisResults.repoUrl, repoUrl), eq(analysisResults.kind, kind)))
    .orderBy(desc(analysisResults.createdAt))
    .limit(1);
  return row;
}

/** Stores a result; a concurrent identical computation keeps the first row. */
export async function insertResult(
  db: Database,
  values: typeof analysisResults.$inferInsert,
): Promise<AnalysisResultRow> {
  const [row] = await db.insert(analysisResults).values(values).onConflictDoNothing().returning();
  return row ?? (await findResult(db, values as Parameters<typeof findResult>[1]))!;
}

export async function listResultsForRepo(
  db: Database,
  repoUrl: string,
): Promise<AnalysisResultRow[]> {
  return db
    .select()
    .from(analysisResults)
    .where(eq(analysisResults.repoUrl, repoUrl))
    .orderBy(desc(analysisResults.createdAt));
}
