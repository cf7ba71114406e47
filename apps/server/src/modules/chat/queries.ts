import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { ChatTopic } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import {
  chatDestinations,
  projectRepos,
  projects,
  reviews,
  userSettings,
  type ChatDestinationRow,
} from '../../db/schema/index.js';

export type { ChatDestinationRow };

export function listDestinations(db: Database, projectId: string): Promise<ChatDestinationRow[]> {
  return db
    .select()
    .from(chatDestinations)
    .where(eq(chatDestinations.projectId, projectId))
    .orderBy(asc(chatDestinations.createdAt), asc(chatDestinations.id));
}

export async function countDestinations(db: Database, projectId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatDestinations)
    .where(eq(chatDestinations.projectId, projectId));
  return row?.n ?? 0;
}

export async function findDestination(
  db: Database,
  id: string,
  projectId?: string,
): Promise<ChatDestinationRow | undefined> {
  const [row] = await db
    .select()
    .from(chatDestinations)
    .where(
      projectId === undefined
        ? eq(chatDestinations.id, id)
        : and(eq(chatDestinations.id, id), eq(chatDestinations.projectId, projectId)),
    )
    .limit(1);
  return row;
}

export async function insertDestination(
  db: Database,
  values: typeof chatDestinations.$inferInsert,
): Promise<ChatDestinationRow> {
  const [row] = await db.insert(chatDestinations).values(values).returning();
  return row!;
}

export async function updateDestination(
  db: Database,
  id: string,
  projectId: string,
  values: Partial<Pick<ChatDestinationRow, 'name' | 'format' | 'urlEnc' | 'urlHint' | 'topics'>>,
): Promise<ChatDestinationRow | undefined> {
  const [row] = await db
    .update(chatDestinations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(chatDestinations.id, id), eq(chatDestinations.projectId, projectId)))
    .returning();
  return row;
}

export async function deleteDestination(
  db: Database,
  id: string,
  projectId: string,
): Promise<boolean> {
  const rows = await db
    .delete(chatDestinations)
    .where(and(eq(chatDestinations.id, id), eq(chatDestinations.projectId, projectId)))
    .returning({ id: chatDestinations.id });
  return rows.length > 0;
}

/** A destination to send to, with its project's name and its owner's stored language. */
export interface Recipient {
  destination: ChatDestinationRow;
  projectName: string;
  language: string | null;
}

const recipientColumns = {
  destination: chatDestinations,
  projectName: projects.name,
  language: sql<string | null>`${userSettings.preferences} ->> 'language'`,
};

/** The destinations of these projects that chose `topic`, with what their messages are worded in. */
export function recipientsOf(
  db: Database,
  projectIds: string[],
  topic: ChatTopic,
): Promise<Recipient[]> {
  if (projectIds.length === 0) return Promise.resolve([]);
  return db
    .select(recipientColumns)
    .from(chatDestinations)
    .innerJoin(projects, eq(projects.id, chatDestinations.projectId))
    .leftJoin(userSettings, eq(userSettings.userId, projects.ownerId))
    .where(
      and(
        inArray(chatDestinations.projectId, projectIds),
        sql`${chatDestinations.topics} @> ${JSON.stringify([topic])}::jsonb`,
      ),
    )
    .orderBy(asc(chatDestinations.createdAt), asc(chatDestinations.id));
}

/** One destination with its project's name and owner's language (a send, a test message). */
export async function recipient(db: Database, id: string): Promise<Recipient | undefined> {
  const [row] = await db
    .select(recipientColumns)
    .from(chatDestinations)
    .innerJoin(projects, eq(projects.id, chatDestinations.projectId))
    .leftJoin(userSettings, eq(userSettings.userId, projects.ownerId))
    .where(eq(chatDestinations.id, id))
    .limit(1);
  return row;
}

/** The projects holding a repository, by its URL or its forge owner/repo (read-only). */
export async function projectsWithRepository(
  db: Database,
  repository: { url: string; owner: string | null; repo: string | null },
): Promise<string[]> {
  const byName =
    repository.owner !== null && repository.repo !== null
      ? and(
          sql`lower(${projectRepos.owner}) = ${repository.owner.toLowerCase()}`,
          sql`lower(${projectRepos.repo}) = ${repository.repo.toLowerCase()}`,
        )
      : undefined;
  const rows = await db
    .selectDistinct({ projectId: projectRepos.projectId })
    .from(projectRepos)
    .where(
      byName
        ? or(eq(projectRepos.url, repository.url), byName)
        : eq(projectRepos.url, repository.url),
    );
  return rows.map((row) => row.projectId);
}

/** Rota's review (read-only: the reviews module writes it), with the projects it was made for. */
export async function reviewWithProjects(db: Database, reviewId: string) {
  const [review] = await db
    .select({
      id: reviews.id,
      repoKey: reviews.repoKey,
      scope: reviews.scope,
      number: reviews.number,
      status: reviews.status,
      outcome: reviews.outcome,
      findings: sql<number>`jsonb_array_length(${reviews.findings})`,
    })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .limit(1);
  if (!review) return undefined;
  const rows = await db
    .selectDistinct({ projectId: projects.id })
    .from(projectRepos)
    .innerJoin(projects, eq(projects.id, projectRepos.projectId))
    .where(
      and(
        sql`lower(${projectRepos.owner}) || '/' || lower(${projectRepos.repo}) = ${review.repoKey}`,
        // A private repository's review was read with one user's credentials: only their projects.
        review.scope === '' ? undefined : sql`${projects.ownerId}::text = ${review.scope}`,
      ),
    );
  return { review, projectIds: rows.map((row) => row.projectId) };
}
