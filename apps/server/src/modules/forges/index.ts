export type { DiffEntry } from './diff-entry.js';
export { ForgeRegistry } from './registry.js';
export { defaultForges } from './default-forges.js';
export {
  OwnPullRequestRefusal,
  type CommitStatus,
  type ForgePullRequests,
  type ForgeReviewPublishing,
  type InlineReviewComment,
  type PullRequestDetails,
  type PullRequestTarget,
} from './forge.js';
export { GITHUB_MAX_LISTED_FILES } from './github-pull-request-review.js';
export { GitHubPullRequests } from './github-pull-requests.js';
export {
  type PullRequestRecord,
  type ReviewRecord,
  type ReviewRequestRecord,
} from './pull-request-records.js';
