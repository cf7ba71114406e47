export { DashboardService } from './dashboard.js';
export { markProjectStale, markRepoKeyStale, markRepoUrlStale } from './queries/index.js';
export { analyticsRoutes } from './routes.js';
export { AnalyticsService } from './service.js';
