/**
 * The cache calls (spec §7 "Cache"): what every cache holds and how often it answers, and
 * clearing all of them (administrators), a project's or a repository's. Orchestration only: each
 * cache is its owning module's, reached through the `CacheParts` the composition root hands over.
 */
export { cacheRoutes } from './routes.js';
export { CacheService } from './service.js';
