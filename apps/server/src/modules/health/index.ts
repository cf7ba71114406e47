/** `GET /api/health`: version, uptime and whether the database answers. */
export { healthRoutes } from './routes.js';
export { HealthService } from './service.js';
