/**
 * Sign-in with GitHub (OAuth and GitHub App user tokens), and the stored GitHub token of a user
 * that every GitHub client reads.
 */
export { GitHubOAuthClient } from './github-oauth-client.js';
export { oauthRoutes } from './routes.js';
export { OAuthService } from './service.js';
export { storedGitHubToken } from './stored-token.js';
