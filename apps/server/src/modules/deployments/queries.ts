import { and, asc, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { BroughtCommit } from './git.js';
import {
  deploymentCommits,
  deployments,
  incidents,
  projectDeliverySettings,
  projectRepos,
  repoDeliverySources,
} from '../../db/schema/index.js';
import { projectRepoKeySql } from '../../db/repo-key.js';

/*
 * The deployments module's rows: deployments of the `tags` source, the commits each deployment
 * brought (any source), the project's delivery settings and the incidents posted to a project.
 * Project repositories are only read.
 */

export type DeploymentSourceName = (typeof deployments.$inferSelect)['source'];
export interface RepoScope {
  repoKey: string;
  scope: string;
}

/** The project repositories fetched from `url`: how their deployments are keyed. */
export const reposWithUrl = (db: Database, url: string) =>
  db
    .select({ provider: projectRepos.provider, owner: projectRepos.owner, repo: projectRepos.repo })
    .from(projectRepos)
    .where(eq(projectRepos.url, url));

/** The addresses a GitHub repository (`owner/repo`, lower case) is fetched from by projects. */
export async function urlsOfGitHubRepo(db: Database, repoKey: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ url: projectRepos.url })
    .from(projectRepos)
    .where(and(eq(projectRepos.provider, 'github'), eq(projectRepoKeySql, repoKey)));
  return rows.map((row) => row.url);
}

/** A repository's deployments of one source: id, sha and time, oldest first. */
export const deploymentsOf = (db: Database, where: RepoScope & { source: DeploymentSourceName }) =>
  db
    .select({
      id: deployments.id,
      externalId: deployments.externalId,
      sha: deployments.sha,
      ref: deployments.ref,
      deployedAt: deployments.deployedAt,
    })
    .from(deployments)
    .where(
      and(
        eq(deployments.repoKey, where.repoKey),
        eq(deployments.scope, where.scope),
        eq(deployments.source, where.source),
      ),
    )
    .orderBy(asc(deployments.deployedAt), asc(deployments.externalId));

/** The sources a repository has deployments of. */
export async function sourcesOf(db: Database, where: RepoScope): Promise<DeploymentSourceName[]> {
  const rows = await db
    .selectDistinct({ source: deployments.source })
    .from(deployments)
    .where(and(eq(deployments.repoKey, where.repoKey), eq(deployments.scope, where.scope)));
  return rows.map((row) => row.source);
}

export interface TagRow {
  name: string;
  sha: string;
  deployedAt: Date;
}

/**
 * Makes the repository's `tags` deployments the given tags: new and changed ones written, those
 * no longer in the mirror removed. Returns whether anything changed.
 */
export async function replaceTagDeployments(
  db: Database,
  where: RepoScope,
  tags: TagRow[],
  at: Date,
): Promise<boolean> {
  const key = and(
    eq(deployments.repoKey, where.repoKey),
    eq(deployments.scope, where.scope),
    eq(deployments.source, 'tags'),
  );
  return db.transaction(async (tx) => {
    const stored = await tx
      .select({
        name: deployments.externalId,
        sha: deployments.sha,
        deployedAt: deployments.deployedAt,
      })
      .from(deployments)
      .where(key);
    const known = new Map(stored.map((row) => [row.name, row]));
    const changed = tags.filter((tag) => {
      const row = known.get(tag.name);
      return !row || row.sha !== tag.sha || row.deployedAt.getTime() !== tag.deployedAt.getTime();
    });
    const names = new Set(tags.map((tag) => tag.name));
    const gone = stored.filter((row) => !names.has(row.name)).map((row) => row.name);
    for (let start = 0; start < changed.length; start += 1000) {
      await tx
        .insert(deployments)
        .values(
          changed.slice(start, start + 1000).map((tag) => ({
            repoKey: where.repoKey,
            scope: where.scope,
            source: 'tags' as const,
            externalId: tag.name,
            name: tag.name,
            sha: tag.sha,
            ref: `refs/tags/${tag.name}`,
            status: 'success',
            deployedAt: tag.deployedAt,
            syncedAt: at,
          })),
        )
        .onConflictDoUpdate({
          target: [
            deployments.repoKey,
            deployments.scope,
            deployments.source,
            deployments.externalId,
          ],
          set: {
            sha: sql`excluded.sha`,
            ref: sql`excluded.ref`,
            deployedAt: sql`excluded.deployed_at`,
            syncedAt: sql`excluded.synced_at`,
          },
        });
    }
    for (let start = 0; start < gone.length; start += 1000)
      await tx
        .delete(deployments)
        .where(and(key, inArray(deployments.externalId, gone.slice(start, start + 1000))));
    return changed.length > 0 || gone.length > 0;
  });
}

/** Replaces the commits every deployment of the repository and source brought, at once. */
export async function replaceDeploymentCommits(
  db: Database,
  where: RepoScope & { source: DeploymentSourceName },
  rows: Array<{ deploymentId: string } & BroughtCommit>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const ofRepository = tx
      .select({ id: deployments.id })
      .from(deployments)
      .where(
        and(
          eq(deployments.repoKey, where.repoKey),
          eq(deployments.scope, where.scope),
          eq(deployments.source, where.source),
        ),
      );
    await tx.delete(deploymentCommits).where(inArray(deploymentCommits.deploymentId, ofRepository));
    for (let start = 0; start < rows.length; start += 5000)
      await tx
        .insert(deploymentCommits)
        .values(rows.slice(start, start + 5000))
        .onConflictDoNothing();
  });
}

/** The commits stored for the given deployments (tests and the bench read them). */
export const commitsOfDeployments = (db: Database, deploymentIds: string[]) =>
  deploymentIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          deploymentId: deploymentCommits.deploymentId,
          sha: deploymentCommits.sha,
          authoredAt: deploymentCommits.authoredAt,
          authorName: deploymentCommits.authorName,
          subject: deploymentCommits.subject,
        })
        .from(deploymentCommits)
        .where(inArray(deploymentCommits.deploymentId, deploymentIds));

// ── Settings ──────────────────────────────────────────────────────────────────────────────

export const sourcesOfProject = (db: Database, projectId: string) =>
  db
    .select({
      repoId: repoDeliverySources.repoId,
      source: repoDeliverySources.source,
      pattern: repoDeliverySources.pattern,
    })
    .from(repoDeliverySources)
    .where(eq(repoDeliverySources.projectId, projectId));

export async function settingsOfProject(db: Database, projectId: string) {
  const [row] = await db
    .select()
    .from(projectDeliverySettings)
    .where(eq(projectDeliverySettings.projectId, projectId));
  return row ?? null;
}

export type SourceChoice = (typeof repoDeliverySources.$inferInsert)['source'];

/** Writes a project's sources (those not listed go back to `auto`) and its incident labels. */
export async function saveSettings(
  db: Database,
  projectId: string,
  input: {
    repos: Array<{ repoId: string; source: SourceChoice; pattern: string | null }>;
    incidentLabelPattern: string | null;
  },
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const listed = input.repos.map((repo) => repo.repoId);
    await tx
      .delete(repoDeliverySources)
      .where(
        and(
          eq(repoDeliverySources.projectId, projectId),
          ...(listed.length > 0 ? [notInArray(repoDeliverySources.repoId, listed)] : []),
        ),
      );
    if (input.repos.length > 0)
      await tx
        .insert(repoDeliverySources)
        .values(input.repos.map((repo) => ({ projectId, ...repo, updatedAt: at })))
        .onConflictDoUpdate({
          target: [repoDeliverySources.projectId, repoDeliverySources.repoId],
          set: {
            source: sql`excluded.source`,
            pattern: sql`excluded.pattern`,
            updatedAt: at,
          },
        });
    await tx
      .insert(projectDeliverySettings)
      .values({ projectId, incidentLabelPattern: input.incidentLabelPattern, updatedAt: at })
      .onConflictDoUpdate({
        target: projectDeliverySettings.projectId,
        set: { incidentLabelPattern: input.incidentLabelPattern, updatedAt: at },
      });
  });
}

/** Sets (a hash) or clears (null) the project's incident token. */
export async function setIncidentToken(
  db: Database,
  projectId: string,
  hash: string | null,
  at: Date,
): Promise<void> {
  const values = {
    incidentTokenHash: hash,
    incidentTokenCreatedAt: hash ? at : null,
    updatedAt: at,
  };
  await db
    .insert(projectDeliverySettings)
    .values({ projectId, ...values })
    .onConflictDoUpdate({ target: projectDeliverySettings.projectId, set: values });
}

/** The hash of a project's incident token, when it has one (any owner: the token is the proof). */
export async function incidentTokenHashOf(db: Database, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: projectDeliverySettings.incidentTokenHash })
    .from(projectDeliverySettings)
    .where(eq(projectDeliverySettings.projectId, projectId));
  return row?.hash ?? null;
}

// ── Posted incidents ──────────────────────────────────────────────────────────────────────

export type IncidentRow = typeof incidents.$inferSelect;

/** Stores a posted incident, or updates the one with its external id; `created` tells which. */
export async function upsertPostedIncident(
  db: Database,
  projectId: string,
  input: {
    externalId: string;
    title: string;
    /** Undefined: as stored (a new incident: none). */
    url: string | null | undefined;
    startedAt: Date;
    /** Undefined: as stored (a new incident: open). */
    resolvedAt: Date | null | undefined;
  },
  at: Date,
): Promise<{ row: IncidentRow; created: boolean }> {
  const [row] = await db
    .insert(incidents)
    .values({
      source: 'api',
      projectId,
      externalId: input.externalId,
      title: input.title,
      url: input.url ?? null,
      startedAt: input.startedAt,
      resolvedAt: input.resolvedAt ?? null,
      updatedAt: at,
    })
    .onConflictDoUpdate({
      target: [incidents.projectId, incidents.externalId],
      set: {
        title: input.title,
        startedAt: input.startedAt,
        updatedAt: at,
        ...(input.url === undefined ? {} : { url: input.url }),
        ...(input.resolvedAt === undefined ? {} : { resolvedAt: input.resolvedAt }),
      },
    })
    .returning({ ...getTableColumns(incidents), created: sql<boolean>`(xmax = 0)` });
  const { created, ...stored } = row!;
  return { row: stored, created };
}
