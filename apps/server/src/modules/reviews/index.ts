/**
 * Rota's own reviews of pull requests: the rules, the optional LLM reviewer, the verdict, and
 * publishing them to GitHub. Publishes `review.stored`; reviews new heads from webhook events.
 */
export { REVIEW_PUBLISH_JOB, createPublishHandler } from './publish/publish-job.js';
export { withReviewPublishing } from './publish/with-publishing.js';
export { PULL_REQUEST_REVIEW_JOB, createReviewHandler } from './review-job.js';
export { reviewRoutes } from './routes.js';
export {
  REVIEW_RULES,
  runRules,
  type DiffEntry,
  type ReviewInput,
  type RuleFinding,
} from './rules/index.js';
export { isTestFile } from './rules/paths.js';
export { ReviewsService } from './service.js';
export { coverageGap, decideVerdict } from './verdict.js';
export { reviewPullRequestsOnEvents } from './webhook-trigger.js';
