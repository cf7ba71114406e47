/**
 * A project's review-flow and delivery figures and the dashboard across projects, stored per
 * project and period and kept fresh by listening to what writers publish (`keepAnalyticsFresh`).
 * The stored answers are also a cache the cache calls see and clear (`AnalyticsService.stored`).
 */
export { DashboardService } from './dashboard.js';
export { keepAnalyticsFresh } from './freshness.js';
export { analyticsRoutes } from './routes.js';
export { AnalyticsService } from './service.js';
