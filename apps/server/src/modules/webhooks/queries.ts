import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { jobs, projectRepos, repoMirrors, webhookDeliveries } from '../../db/schema/index.js';

/** Webhooks installed on project repositories. */
/** Records a hook the forge created for one project repository (secret already encrypted). */
export async function recordInstalled(
  db: Database,
  repoId: string,
  hook: { hookId: string; secretEnc: string },
): Promise<void> {
  await db
    .update(projectRepos)
    .set({
      webhookId: hook.hookId,
      webhookSecretEnc: hook.secretEnc,
      webhookInstalled: true,
      updatedAt: new Date(),
    })
    .where(eq(projectRepos.id, repoId));
}

/** Forgets a removed hook; only while it is still the one removed (no concurrent reinstall). */
export async function recordRemoved(db: Database, repoId: string, hookId: string): Promise<void> {
  await db
    .update(projectRepos)
    .set({
      webhookId: null,
      webhookSecretEnc: null,
      webhookInstalled: false,
      updatedAt: new Date(),
    })
    .where(and(eq(projectRepos.id, repoId), eq(projectRepos.webhookId, hookId)));
}

/** Deliveries received from forges. */
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Project repositories named owner/repo (forges compare case-insensitively), with their hooks. */
export async function findReposByName(db: Database, owner: string, repo: string) {
  return db
    .select({
      id: projectRepos.id,
      url: projectRepos.url,
      webhookSecretEnc: projectRepos.webhookSecretEnc,
    })
    .from(projectRepos)
    .where(
      and(
        sql`lower(${projectRepos.owner}) = ${owner.toLowerCase()}`,
        sql`lower(${projectRepos.repo}) = ${repo.toLowerCase()}`,
      ),
    );
}

export type NewDelivery = typeof webhookDeliveries.$inferInsert;

/**
 * Records deliveries in one statement; returns the new row id by delivery id. A delivery id this
 * forge already sent (a replay) is absent from the answer. Callers pass each id once.
 */
export async function recordDeliveries(
  db: Database,
  values: readonly NewDelivery[],
): Promise<Map<string, string>> {
  if (values.length === 0) return new Map();
  const rows = await db
    .insert(webhookDeliveries)
    .values([...values])
    .onConflictDoNothing({ target: [webhookDeliveries.forge, webhookDeliveries.deliveryId] })
    .returning({ id: webhookDeliveries.id, deliveryId: webhookDeliveries.deliveryId });
  return new Map(rows.map((row) => [row.deliveryId, row.id]));
}

/** The deliveries among `ids` still waiting to be processed, oldest first. */
export async function findReceivedDeliveries(
  db: Database,
  ids: readonly string[],
): Promise<DeliveryRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.id, [...ids]), eq(webhookDeliveries.status, 'received')))
    .orderBy(webhookDeliveries.receivedAt);
}

export async function markProcessed(db: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(webhookDeliveries)
    .set({ status: 'processed', error: null, processedAt: sql`now()`, updatedAt: sql`now()` })
    .where(inArray(webhookDeliveries.id, [...ids]));
}

export async function markFailed(db: Database, id: string, error: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', error, processedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(webhookDeliveries.id, id));
}

/**
 * Deliveries still `received` that no queued or running job names: their job is gone (written by
 * an older version one delivery at a time and lost, deleted by hand, or finished without them).
 * Locked while the caller's transaction writes their new job, so two processes starting together
 * do not both take them. Oldest first.
 */
export async function claimOrphanedDeliveries(
  db: Database,
  jobKind: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'received'),
        sql`not exists (
          select 1 from ${jobs}
          where ${jobs.kind} = ${jobKind}
            and ${jobs.status} in ('queued', 'running')
            and (${jobs.payload} -> 'deliveryRowIds' @> jsonb_build_array(${webhookDeliveries.id}::text)
              or ${jobs.payload} ->> 'deliveryRowId' = ${webhookDeliveries.id}::text)
        )`,
      ),
    )
    .orderBy(webhookDeliveries.receivedAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return rows.map((row) => row.id);
}

/**
 * A push moved the repository on: its mirrors are no longer fresh, so the next analysis fetches
 * before it computes (the freshness window counts from `last_fetched_at`; null = never fetched).
 */
export async function markMirrorsStale(db: Database, urls: readonly string[]): Promise<number> {
  if (urls.length === 0) return 0;
  const rows = await db
    .update(repoMirrors)
    // updated_at is left alone: it dates the mirror's last failure (mirror-store's memory of it).
    .set({ lastFetchedAt: null })
    .where(sql`${repoMirrors.url} in ${urls}`)
    .returning({ url: repoMirrors.url });
  return rows.length;
}
