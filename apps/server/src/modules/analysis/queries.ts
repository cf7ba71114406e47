import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { analysisResults, jobs } from '../../db/schema/index.js';

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

/**
 * The result the last successful analyze job of `dedupeKey` (one repository, branch and kind)
 * produced or reused. Results are shared by revision, so a branch only finds its own through its
 * jobs: another branch's newer result of the same repository is not this branch's answer.
 */
export async function latestResultOfJobs(
  db: Database,
  jobKind: string,
  dedupeKey: string,
): Promise<AnalysisResultRow | undefined> {
  const [row] = await db
    .select({ result: analysisResults })
    .from(jobs)
    .innerJoin(analysisResults, sql`${analysisResults.id} = (${jobs.result} ->> 'resultId')::uuid`)
    .where(and(eq(jobs.kind, jobKind), eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, 'succeeded')))
    .orderBy(desc(jobs.finishedAt))
    .limit(1);
  return row?.result;
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
