import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { projectRepos, repoMirrors, webhookDeliveries } from '../../db/schema/index.js';

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

/** Records a delivery; null when this forge already sent one with that id (a replay). */
export async function recordDelivery(
  db: Database,
  values: {
    forge: string;
    deliveryId: string;
    event: string;
    repository: string;
    payload: unknown;
  },
): Promise<{ id: string } | null> {
  const [row] = await db
    .insert(webhookDeliveries)
    .values(values)
    .onConflictDoNothing({ target: [webhookDeliveries.forge, webhookDeliveries.deliveryId] })
    .returning({ id: webhookDeliveries.id });
  return row ?? null;
}

export async function findDelivery(db: Database, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row;
}

export async function markDelivery(
  db: Database,
  id: string,
  outcome: { status: 'processed' } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      error: outcome.status === 'failed' ? outcome.error : null,
      processedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(webhookDeliveries.id, id));
}

/** Deliveries recorded but never processed (the process died in between), oldest first. */
export async function listPendingDeliveries(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'received'))
    .orderBy(webhookDeliveries.receivedAt)
    .limit(limit);
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
