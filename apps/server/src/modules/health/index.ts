/**
 * `GET /api/health`: version, uptime and whether the database answers; with `?detail=true`, for
 * administrators, Redis, git, the queue and its failures, GitHub's limit of the server token and
 * free disk.
 */
export { healthRoutes } from './routes.js';
export { HealthService } from './service.js';
