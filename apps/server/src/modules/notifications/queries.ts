import { and, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  githubAccounts,
  notifications,
  projectMembers,
  projectRepos,
  projects,
  pullRequests,
  reviews,
} from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect & { projectName: string | null };
export type NewNotification = typeof notifications.$inferInsert;

const listColumns = {
  id: notifications.id,
  userId: notifications.userId,
  kind: notifications.kind,
  projectId: notifications.projectId,
  eventKey: notifications.eventKey,
  subject: notifications.subject,
  detail: notifications.detail,
  link: notifications.link,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  projectName: projects.name,
};

/** Stores it unless the user already has a notification of this event; the stored row, or null. */
export async function insertNotification(
  db: Database,
  row: NewNotification,
): Promise<NotificationRow | null> {
  const [stored] = await db
    .insert(notifications)
    .values(row)
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
    .returning();
  if (!stored) return null;
  const [project] = stored.projectId
    ? await db
        .select({ name: projects.name })
        .from(projects)
        .where(eq(projects.id, stored.projectId))
    : [];
  return { ...stored, projectName: project?.name ?? null };
}

/** A page of the user's notifications, newest first, after the keyset position `before`. */
export function listNotifications(
  db: Database,
  userId: string,
  filter: {
    limit: number;
    before: { createdAt: Date; id: string } | null;
    kind?: string | undefined;
    projectId?: string | undefined;
    unread?: boolean | undefined;
  },
): Promise<NotificationRow[]> {
  const { before } = filter;
  return db
    .select(listColumns)
    .from(notifications)
    .leftJoin(projects, eq(projects.id, notifications.projectId))
    .where(
      and(
        eq(notifications.userId, userId),
        filter.kind ? eq(notifications.kind, filter.kind as NotificationRow['kind']) : undefined,
        filter.projectId ? eq(notifications.projectId, filter.projectId) : undefined,
        filter.unread === true ? isNull(notifications.readAt) : undefined,
        filter.unread === false ? sql`${notifications.readAt} is not null` : undefined,
        before
          ? or(
              lt(notifications.createdAt, before.createdAt),
              and(eq(notifications.createdAt, before.createdAt), lt(notifications.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(filter.limit);
}

/** The notifications made in [since, until], oldest first (the e-mail catch-up's read). */
export function notificationsBetween(db: Database, since: Date, until: Date, limit: number) {
  return db
    .select(listColumns)
    .from(notifications)
    .leftJoin(projects, eq(projects.id, notifications.projectId))
    .where(and(gte(notifications.createdAt, since), lte(notifications.createdAt, until)))
    .orderBy(notifications.createdAt, notifications.id)
    .limit(limit);
}

/** Whether the user owns the project or was notified about it: the projects they may filter by. */
export async function mayFilterByProject(db: Database, userId: string, projectId: string) {
  const [owned] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.ownerId, userId)))
    .limit(1);
  if (owned) return true;
  const [notified] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.projectId, projectId)))
    .limit(1);
  return notified !== undefined;
}

export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/** Marks the user's unread notifications read (the given ones, or all); others' ids match nothing. */
export async function markRead(db: Database, userId: string, ids: string[] | 'all', at: Date) {
  const marked = await db
    .update(notifications)
    .set({ readAt: at })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return marked.length;
}

/** A project holding a repository: enough to word and route a notification. */
export interface RepositoryProject {
  projectId: string;
  ownerId: string;
  url: string;
}

/** The projects that have owner/repo (any host: the caller checks the URL's forge), or the URL. */
export function projectsWithRepository(
  db: Database,
  ref: { owner: string | null; repo: string | null; url?: string | null },
): Promise<RepositoryProject[]> {
  const byName =
    ref.owner && ref.repo
      ? and(
          sql`lower(${projectRepos.owner}) = ${ref.owner.toLowerCase()}`,
          sql`lower(${projectRepos.repo}) = ${ref.repo.toLowerCase()}`,
        )
      : undefined;
  const byUrl = ref.url ? eq(projectRepos.url, ref.url) : undefined;
  const where = byName && byUrl ? or(byName, byUrl) : (byName ?? byUrl);
  if (!where) return Promise.resolve([]);
  return db
    .select({ projectId: projectRepos.projectId, ownerId: projects.ownerId, url: projectRepos.url })
    .from(projectRepos)
    .innerJoin(projects, eq(projects.id, projectRepos.projectId))
    .where(where)
    .orderBy(projects.createdAt, projects.id);
}

export function projectOwners(db: Database, projectIds: string[]) {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .select({ projectId: projects.id, ownerId: projects.ownerId })
    .from(projects)
    .where(inArray(projects.id, projectIds));
}

/**
 * The users of the projects who are members: a user whose GitHub login is a member's login
 * (case-insensitive). The owners are the caller's to add.
 */
export function memberUsers(db: Database, projectIds: string[]) {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinct({ projectId: projectMembers.projectId, userId: githubAccounts.userId })
    .from(projectMembers)
    .innerJoin(
      githubAccounts,
      sql`lower(${githubAccounts.login}) = lower(${projectMembers.githubLogin})`,
    )
    .where(inArray(projectMembers.projectId, projectIds));
}

/** The GitHub logins of users (lower case), by user id. */
export function loginsOfUsers(db: Database, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({ userId: githubAccounts.userId, login: sql<string>`lower(${githubAccounts.login})` })
    .from(githubAccounts)
    .where(inArray(githubAccounts.userId, userIds));
}

/** One of Rota's reviews with the stored pull request it is of (read-only). */
export async function findReviewWithPullRequest(db: Database, reviewId: string) {
  const [row] = await db
    .select({
      review: {
        id: reviews.id,
        forge: reviews.forge,
        repoKey: reviews.repoKey,
        number: reviews.number,
        status: reviews.status,
        outcome: reviews.outcome,
      },
      pullRequest: {
        title: pullRequests.title,
        url: pullRequests.url,
        authorLogin: pullRequests.authorLogin,
        reviewRequests: pullRequests.reviewRequests,
      },
    })
    .from(reviews)
    .leftJoin(
      pullRequests,
      and(
        eq(pullRequests.forge, reviews.forge),
        eq(pullRequests.repoKey, reviews.repoKey),
        eq(pullRequests.scope, reviews.scope),
        eq(pullRequests.number, reviews.number),
      ),
    )
    .where(eq(reviews.id, reviewId))
    .limit(1);
  return row ?? null;
}
