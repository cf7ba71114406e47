export { jobRoutes } from './routes.js';
export { JobsService } from './service.js';
