/**
 * The signed-in user's own account: profile (name, avatar), password (through auth) and the
 * personal GitHub token that, while connected, is their credential for every GitHub call.
 */
export { accountRoutes } from './routes.js';
export { GitHubTokenService, personalGitHubToken } from './github-token-service.js';
export { ProfileService } from './profile-service.js';
