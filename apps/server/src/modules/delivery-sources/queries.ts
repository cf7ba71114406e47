import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { deliverySyncs, deployments, incidents } from '../../db/schema/index.js';
import type {
  DeliverySourceName,
  DeploymentRecord,
  DeploymentSourceName,
  IssueRecord,
} from './records.js';

export type DeliverySyncRow = typeof deliverySyncs.$inferSelect;

interface RepoScope {
  repoKey: string;
  scope: string;
}

/** The sync rows of one repository copy, by source. */
export async function deliverySyncRows(
  db: Database,
  where: RepoScope,
): Promise<Map<DeliverySyncRow['source'], DeliverySyncRow>> {
  const rows = await db
    .select()
    .from(deliverySyncs)
    .where(and(eq(deliverySyncs.repoKey, where.repoKey), eq(deliverySyncs.scope, where.scope)));
  return new Map(rows.map((row) => [row.source, row]));
}

/** One source read to the end: its new watermark (GitHub's time), the error cleared. */
export async function saveSourceSynced(
  db: Database,
  where: RepoScope & { source: DeliverySourceName; watermark: Date | null; at: Date },
): Promise<void> {
  const values = {
    repoKey: where.repoKey,
    scope: where.scope,
    source: where.source,
    status: 'synced' as const,
    lastSyncedAt: where.watermark,
    error: null,
    attemptedAt: where.at,
  };
  await db
    .insert(deliverySyncs)
    .values(values)
    .onConflictDoUpdate({
      target: [deliverySyncs.repoKey, deliverySyncs.scope, deliverySyncs.source],
      set: { status: 'synced', lastSyncedAt: where.watermark, error: null, attemptedAt: where.at },
    });
}

/** One source failed: the error is kept, the watermark stays where the last complete read left it. */
export async function saveSourceFailed(
  db: Database,
  where: RepoScope & { source: DeliverySourceName; error: string; at: Date },
): Promise<void> {
  await db
    .insert(deliverySyncs)
    .values({
      repoKey: where.repoKey,
      scope: where.scope,
      source: where.source,
      status: 'failed',
      lastSyncedAt: null,
      error: where.error,
      attemptedAt: where.at,
    })
    .onConflictDoUpdate({
      target: [deliverySyncs.repoKey, deliverySyncs.scope, deliverySyncs.source],
      set: { status: 'failed', error: where.error, attemptedAt: where.at },
    });
}

/**
 * Upserts deployments of one source by (repo_key, scope, source, external_id). A deployment GitHub
 * now reports `inactive` (a later one replaced it) keeps the success it was stored with.
 */
export async function saveDeployments(
  db: Database,
  where: RepoScope & { source: DeploymentSourceName; at: Date },
  records: DeploymentRecord[],
): Promise<void> {
  if (records.length === 0) return;
  const keepSuccess = (column: string) =>
    sql.raw(
      `case when excluded.status = 'inactive' and deployments.status = 'success' then deployments.${column} else excluded.${column} end`,
    );
  await db
    .insert(deployments)
    .values(
      records.map((record) => ({
        ...record,
        repoKey: where.repoKey,
        scope: where.scope,
        source: where.source,
        syncedAt: where.at,
      })),
    )
    .onConflictDoUpdate({
      target: [deployments.repoKey, deployments.scope, deployments.source, deployments.externalId],
      set: {
        name: sql.raw('excluded.name'),
        sha: sql.raw('excluded.sha'),
        ref: sql.raw('excluded.ref'),
        url: sql.raw('excluded.url'),
        status: keepSuccess('status'),
        deployedAt: keepSuccess('deployed_at'),
        syncedAt: sql.raw('excluded.synced_at'),
      },
    });
}

/**
 * Upserts labelled issues as incidents by (repo_key, scope, external_id); issues whose labels were
 * all removed are dropped.
 */
export async function saveIssues(
  db: Database,
  where: RepoScope & { at: Date },
  records: IssueRecord[],
): Promise<void> {
  const labelled = records.filter((record) => record.labels.length > 0);
  const unlabelled = records.filter((record) => record.labels.length === 0);
  await db.transaction(async (tx) => {
    if (labelled.length > 0)
      await tx
        .insert(incidents)
        .values(
          labelled.map((record) => ({
            ...record,
            source: 'issues' as const,
            repoKey: where.repoKey,
            scope: where.scope,
            updatedAt: where.at,
          })),
        )
        .onConflictDoUpdate({
          target: [incidents.repoKey, incidents.scope, incidents.externalId],
          set: {
            title: sql.raw('excluded.title'),
            url: sql.raw('excluded.url'),
            labels: sql.raw('excluded.labels'),
            startedAt: sql.raw('excluded.started_at'),
            resolvedAt: sql.raw('excluded.resolved_at'),
            updatedAt: sql.raw('excluded.updated_at'),
          },
        });
    if (unlabelled.length > 0)
      await tx.delete(incidents).where(
        and(
          eq(incidents.source, 'issues'),
          eq(incidents.repoKey, where.repoKey),
          eq(incidents.scope, where.scope),
          inArray(
            incidents.externalId,
            unlabelled.map((record) => record.externalId),
          ),
        ),
      );
  });
}

/**
 * Before storing a repository under `scope`: a private repository leaves no public copy behind,
 * and one that turned public drops the reading user's private copy (the public one replaces it).
 */
export async function dropOtherCopy(
  db: Database,
  where: { repoKey: string; scope: string; userId: string },
): Promise<void> {
  const other = where.scope === '' ? where.userId : '';
  await db.transaction(async (tx) => {
    await tx
      .delete(deployments)
      .where(
        and(
          eq(deployments.repoKey, where.repoKey),
          eq(deployments.scope, other),
          inArray(deployments.source, ['deployments', 'releases', 'workflow_runs']),
        ),
      );
    await tx
      .delete(incidents)
      .where(
        and(
          eq(incidents.source, 'issues'),
          eq(incidents.repoKey, where.repoKey),
          eq(incidents.scope, other),
        ),
      );
    await tx
      .delete(deliverySyncs)
      .where(
        and(
          eq(deliverySyncs.repoKey, where.repoKey),
          eq(deliverySyncs.scope, other),
          inArray(deliverySyncs.source, ['deployments', 'releases', 'workflow_runs', 'issues']),
        ),
      );
  });
}
