export { EventBus, type EventName, type Events } from './bus.js';
export type { ChangeEvents, ForgeRepositoryChange } from './change-events.js';
export { batchOf, EventBatch } from './event-batch.js';
export {
  repositoryKey,
  type ForgeEventName,
  type ForgeEvents,
  type ForgeRepositoryRef,
  type PullRequestAction,
  type PullRequestEvent,
  type PullRequestReviewEvent,
} from './forge-events.js';
