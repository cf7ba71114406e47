/** `GET /api/jobs/{id}` and its event stream, and cancelling: a job as the user who holds it sees it. */
export { jobRoutes } from './routes.js';
export { JobsService } from './service.js';
