/**
 * Projects, their repositories and team members: create, list, edit, delete. Publishes
 * `project.saved` and `project.repositories-changed`; other modules add to the projects it answers
 * through `ProjectDecorations`.
 */
export { ProjectListCache } from './list-cache.js';
export { toProjectSummary } from './mappers.js';
export { ProjectPartsService } from './parts-service.js';
export { listProjectsOfOwner } from './queries.js';
export { projectRoutes } from './routes.js';
export { ProjectsService } from './service.js';
