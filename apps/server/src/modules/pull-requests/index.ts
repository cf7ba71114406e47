/**
 * Pull requests and their reviews as the forge has them, synced incrementally (on demand, on
 * webhook events, when a project is saved, and by the scheduled pass). Publishes
 * `pull-requests.stored`.
 */
export { pullRequestRoutes } from './routes.js';
export { pullRequestSchedule } from './schedule-job.js';
export { PullRequestsService } from './service.js';
export { PULL_REQUEST_SYNC_JOB, createPullRequestSyncHandler } from './sync-job.js';
export { syncPullRequests } from './sync.js';
export { syncPullRequestsOnEvents } from './webhook-trigger.js';
export { syncSavedProjects } from './project-trigger.js';
