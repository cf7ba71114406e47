/**
 * Who may see a project and what it holds: the ownership check every project-scoped service
 * makes, a project's repositories, the caller's projects holding a repository, and the projects
 * that hold a repository a forge event names.
 * Read-only; the projects module writes these rows.
 */
export {
  ownedProjectsWithRepository,
  projectsOfOwner,
  repositoriesOf,
  requireOwnedProject,
} from './access.js';
export type { ProjectRepoRow, ProjectRow } from './queries.js';
export { ownersOfEventRepository } from './repository-owners.js';
