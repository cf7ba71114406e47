/**
 * Prometheus metrics of this process at `/metrics` (with METRICS_TOKEN): requests by route,
 * job attempts by kind and outcome, the queue's depth, GitHub calls and rate limits left. The
 * composition root makes the one `ProcessMetrics` and hands its parts to whoever records.
 */
export { ProcessMetrics } from './process-metrics.js';
export { metricsRoutes, recordRequests } from './routes.js';
