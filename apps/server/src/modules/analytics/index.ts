/**
 * A project's review-flow and delivery figures and the dashboard across projects, stored per
 * project and period and kept fresh by listening to what writers publish (`keepAnalyticsFresh`).
 * The stored answers are also a cache the cache calls see and clear (`AnalyticsService.stored`).
 * Who counts as a human, a bot or an AI agent, and which review counts, are shared as SQL pieces
 * (`pullRequestKindSql`, `authorKindSql`, `countedReview`) for other modules' read-only queries.
 * The same definitions over any period serve reports such as the digest (`mergeFlowIn`), and list
 * the pull requests behind each figure (`AnalyticsItemsService`; delivery figures' lists come
 * through the `deliveryItems` port of the routes).
 */
export { DashboardService } from './dashboard.js';
export { AnalyticsItemsService, type DeliveryItems } from './items.js';
export { keepAnalyticsFresh } from './freshness.js';
export {
  mergeFlowIn,
  pullsWaitingForReview,
  type MergeFlow,
  type PullScope,
  type WaitingPull,
} from './period-figures.js';
export { analyticsRoutes } from './routes.js';
export { AnalyticsService } from './service.js';
export { authorKindSql, countedReview, pullRequestKindSql } from './queries/sql-parts.js';
