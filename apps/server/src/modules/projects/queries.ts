import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { projectRepos, projects } from '../../db/schema/index.js';

export type ProjectRow = typeof projects.$inferSelect;

export async function listProjectsOfOwner(db: Database, ownerId: string) {
  return db
    .select({
      project: projects,
      repoCount: sql<number>`(select count(*)::int from ${projectRepos} where ${projectRepos.projectId} = ${projects.id})`,
    })
    .from(projects)
    .where(eq(projects.ownerId, ownerId))
    .orderBy(desc(projects.updatedAt));
}
