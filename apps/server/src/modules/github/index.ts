/**
 * The GitHub client: credentials per user, conditional requests with stored ETags, rate-limit
 * state, GitHub's errors in Rota's terms, and the rate-limit endpoint. Its stored answers are a
 * cache the cache calls see (`GitHubClients.responses`); it records its calls through
 * `GitHubMetrics` when the process keeps metrics.
 */
export { GitHubClients, type GitHubOctokit } from './client-factory.js';
export { FROM_CACHE_HEADER } from './conditional-requests.js';
export { type UserGitHubToken } from './credentials.js';
export { gitHubError, gitHubGraphqlError } from './github-errors.js';
export { type GitHubMetrics } from './github-metrics.js';
export { type HttpCacheStore } from './http-cache-store.js';
export { HttpCache } from './queries.js';
export { rateLimitRoutes } from './rate-limit-routes.js';
export { GitHubRateLimitService } from './rate-limit-service.js';
export { RateLimitState } from './rate-limit-state.js';
export { RedisHttpCache } from './redis-http-cache.js';
