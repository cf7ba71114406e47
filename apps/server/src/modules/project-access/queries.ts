import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { projectRepos, projects } from '../../db/schema/index.js';

export type ProjectRow = typeof projects.$inferSelect;
export type ProjectRepoRow = typeof projectRepos.$inferSelect;

export async function findProjectOfOwner(
  db: Database,
  ownerId: string,
  id: string,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId)))
    .limit(1);
  return row;
}

/** A project's repositories in the order the user gave them. */
export async function listRepos(db: Database, projectId: string): Promise<ProjectRepoRow[]> {
  return db
    .select()
    .from(projectRepos)
    .where(eq(projectRepos.projectId, projectId))
    .orderBy(asc(projectRepos.position), asc(projectRepos.createdAt), asc(projectRepos.id));
}

export async function listProjectsOfOwner(db: Database, ownerId: string): Promise<ProjectRow[]> {
  return db.select().from(projects).where(eq(projects.ownerId, ownerId));
}

/**
 * Owners of the projects that have owner/repo (any host: the caller compares the URL's), the
 * projects that installed the webhook first, then the oldest: the order the review engine picks
 * its reader in.
 */
export function projectOwnersOfRepository(db: Database, owner: string, repo: string) {
  return db
    .select({ userId: projects.ownerId, url: projectRepos.url })
    .from(projectRepos)
    .innerJoin(projects, eq(projects.id, projectRepos.projectId))
    .where(
      and(
        sql`lower(${projectRepos.owner}) = ${owner.toLowerCase()}`,
        sql`lower(${projectRepos.repo}) = ${repo.toLowerCase()}`,
      ),
    )
    .orderBy(desc(projectRepos.webhookInstalled), projects.createdAt, projects.id);
}

/** The owner's projects that have owner/repo (any host: the caller checks the URL's forge). */
export function ownedProjectsWithRepository(
  db: Database,
  ownerId: string,
  ref: { owner: string; repo: string },
) {
  return db
    .select({ projectId: projectRepos.projectId, url: projectRepos.url })
    .from(projectRepos)
    .innerJoin(projects, eq(projects.id, projectRepos.projectId))
    .where(
      and(
        eq(projects.ownerId, ownerId),
        sql`lower(${projectRepos.owner}) = ${ref.owner.toLowerCase()}`,
        sql`lower(${projectRepos.repo}) = ${ref.repo.toLowerCase()}`,
      ),
    );
}
