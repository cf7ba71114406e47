import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { projectMembers, projectRepos, projects } from '../../db/schema/index.js';

import type { ProjectRepoRow, ProjectRow } from '../project-access/index.js';

export type { ProjectRepoRow, ProjectRow };
export type ProjectMemberRow = typeof projectMembers.$inferSelect;
export type NewProjectRepo = typeof projectRepos.$inferInsert;
export type NewProjectMember = typeof projectMembers.$inferInsert;

export async function listProjectsOfOwner(
  db: Database,
  ownerId: string,
  filter: { status?: ProjectRow['status']; searchPattern?: string },
) {
  const conditions: SQL[] = [eq(projects.ownerId, ownerId)];
  if (filter.status) conditions.push(eq(projects.status, filter.status));
  if (filter.searchPattern)
    conditions.push(sql`${projects.searchText} like ${filter.searchPattern} escape '\\'`);
  // A join, not a correlated subquery: drizzle renders a bare column name inside sql`` in a select,
  // which the subquery would resolve against the wrong table.
  return db
    .select({ project: projects, repoCount: count(projectRepos.id) })
    .from(projects)
    .leftJoin(projectRepos, eq(projectRepos.projectId, projects.id))
    .where(and(...conditions))
    .groupBy(projects.id)
    .orderBy(desc(projects.updatedAt), asc(projects.id));
}

export async function insertProject(
  db: Database,
  values: typeof projects.$inferInsert,
): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  return row!;
}

/** Updates the given fields and always moves updated_at, so the list shows the latest change first. */
export async function updateProject(
  db: Database,
  id: string,
  values: Partial<
    Pick<
      ProjectRow,
      | 'name'
      | 'description'
      | 'reviewPrompt'
      | 'publishReviews'
      | 'status'
      | 'isActive'
      | 'searchText'
    >
  >,
): Promise<ProjectRow> {
  const [row] = await db
    .update(projects)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(projects.id, id))
    .returning();
  return row!;
}

export async function deleteProjectOfOwner(
  db: Database,
  ownerId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(projects)
    .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId)))
    .returning({ id: projects.id });
  return rows.length === 1;
}

export async function insertRepos(db: Database, rows: NewProjectRepo[]): Promise<ProjectRepoRow[]> {
  if (rows.length === 0) return [];
  return db.insert(projectRepos).values(rows).returning();
}

export async function updateRepo(
  db: Database,
  id: string,
  values: Partial<Pick<ProjectRepoRow, 'name' | 'branch' | 'position'>>,
): Promise<void> {
  await db
    .update(projectRepos)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(projectRepos.id, id));
}

export async function deleteRepos(db: Database, projectId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(projectRepos)
    .where(and(eq(projectRepos.projectId, projectId), inArray(projectRepos.id, ids)))
    .returning({ id: projectRepos.id });
  return rows.length;
}

export async function listMembers(db: Database, projectId: string): Promise<ProjectMemberRow[]> {
  return db
    .select()
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(projectMembers.createdAt), asc(projectMembers.id));
}

export async function insertMember(
  db: Database,
  values: NewProjectMember,
): Promise<ProjectMemberRow> {
  const [row] = await db.insert(projectMembers).values(values).returning();
  return row!;
}

export async function deleteMember(
  db: Database,
  projectId: string,
  memberId: string,
): Promise<boolean> {
  const rows = await db
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.id, memberId)))
    .returning({ id: projectMembers.id });
  return rows.length === 1;
}

export async function touchProject(db: Database, id: string): Promise<void> {
  await db
    .update(projects)
    .set({ updatedAt: sql`now()` })
    .where(eq(projects.id, id));
}

/** PostgreSQL's unique_violation, as raised by either driver (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
