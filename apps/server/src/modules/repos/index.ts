/** The signed-in user's GitHub repositories, and the repositories they watch. */
export { GitHubReposService } from './github-repos-service.js';
export { repoRoutes } from './routes.js';
export { WatchedReposService } from './watched-service.js';
