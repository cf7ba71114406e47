export { GitHubOAuthClient } from './github-oauth-client.js';
export { oauthRoutes } from './routes.js';
export { OAuthService } from './service.js';
export { storedGitHubToken } from './stored-token.js';
