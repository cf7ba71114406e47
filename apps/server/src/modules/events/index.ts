export {
  EventBus,
  repositoryKey,
  type ForgeEventName,
  type ForgeEvents,
  type ForgeRepositoryRef,
  type PullRequestAction,
  type PullRequestEvent,
  type PullRequestReviewEvent,
} from './bus.js';
export { batchOf, EventBatch } from './event-batch.js';
