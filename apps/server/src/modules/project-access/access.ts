import { ProjectMessages } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import * as queries from './queries.js';

/**
 * The owner's project, or the 404 a project that does not exist gets: someone else's project is
 * never told apart from a missing one (no existence oracle). `db` may be a transaction.
 */
export async function requireOwnedProject(
  db: Database,
  ownerId: string,
  projectId: string,
): Promise<queries.ProjectRow> {
  const project = isUuid(projectId)
    ? await queries.findProjectOfOwner(db, ownerId, projectId)
    : undefined;
  if (!project) throw notFound(ProjectMessages.notFound);
  return project;
}

/** A project's repositories in the order the user gave them (ownership checked by the caller). */
export const repositoriesOf = (db: Database, projectId: string) => queries.listRepos(db, projectId);

/** Every project of an owner, in no particular order. */
export const projectsOfOwner = (db: Database, ownerId: string) =>
  queries.listProjectsOfOwner(db, ownerId);

/**
 * The owner's projects holding the repository owner/repo, with the repository's URL (on any
 * host: the caller keeps those of the forge it means). Empty for a repository in none of them.
 */
export const ownedProjectsWithRepository = (
  db: Database,
  ownerId: string,
  ref: { owner: string; repo: string },
) => queries.ownedProjectsWithRepository(db, ownerId, ref);
