/**
 * The forge boundary: everything specific to one code host (GitHub today) behind `Forge`, chosen
 * per repository by the host of its URL, so no other module names a forge's API.
 */
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
