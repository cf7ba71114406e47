export { pullRequestRoutes } from './routes.js';
export {
  PULL_REQUEST_SCHEDULE_JOB,
  createPullRequestScheduleHandler,
  pullRequestSchedule,
} from './schedule-job.js';
export { PullRequestsService } from './service.js';
export {
  PULL_REQUEST_SYNC_JOB,
  createPullRequestSyncHandler,
  enqueuePullRequestSync,
} from './sync-job.js';
export { syncPullRequests } from './sync.js';
export { syncPullRequestsOnEvents } from './webhook-trigger.js';
export { syncSavedProjects } from './project-trigger.js';
