/**
 * A project's delivery figures (docs/metrics.md "Delivery (DORA)"): the four DORA keys, rework and
 * the cycle-time stages from the stored deployments, incidents and pull requests, the route that
 * answers them, and the lists behind each figure (`DeliveryService.items`) for the drill-down.
 */
export { deliveryRoutes } from './routes.js';
export { DeliveryService, type DeliveryServiceDeps } from './service.js';
