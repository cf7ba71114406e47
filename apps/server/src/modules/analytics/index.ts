/**
 * A project's review-flow and delivery figures and the dashboard across projects, stored per
 * project and period and kept fresh by listening to what writers publish (`keepAnalyticsFresh`).
 * The stored answers are also a cache the cache calls see and clear (`AnalyticsService.stored`).
 * Who counts as a human, a bot or an AI agent, and which review counts, are shared as SQL pieces
 * (`pullRequestKindSql`, `authorKindSql`, `countedReview`) for other modules' read-only queries.
 */
export { DashboardService } from './dashboard.js';
export { keepAnalyticsFresh } from './freshness.js';
export { analyticsRoutes } from './routes.js';
export { AnalyticsService } from './service.js';
export { authorKindSql, countedReview, pullRequestKindSql } from './queries/sql-parts.js';
// For other modules' tests: stored pull requests and project repositories seeded as the sync leaves them.
export { HOUR, NOW, insertPulls, insertRepo, type SeedPull } from './analytics-seed.js';
