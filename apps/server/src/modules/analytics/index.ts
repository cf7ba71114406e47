export { DashboardService } from './dashboard.js';
export { keepAnalyticsFresh } from './freshness.js';
export { analyticsRoutes } from './routes.js';
export { AnalyticsService } from './service.js';
