export { healthRoutes } from './routes.js';
export { HealthService } from './service.js';
