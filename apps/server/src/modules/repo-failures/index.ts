/**
 * What went wrong with a project's repositories — a fetch, an analysis, a pull-request sync — and
 * the one action that fixes each: one read for the dashboard, the project list and the project page.
 */
export { RepoFailuresService, repositoryFailures } from './failures.js';
export { repoFailuresRoutes } from './routes.js';
