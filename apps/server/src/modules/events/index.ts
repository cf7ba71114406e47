/**
 * The in-process event bus and the events modules tell each other: forge events (from webhook
 * deliveries) and changes (what a write changed). Every process builds one bus with the same
 * subscribers, in the composition root.
 */
export { EventBus, type EventName, type Events } from './bus.js';
export type { AgreementBreach, ChangeEvents, ForgeRepositoryChange } from './change-events.js';
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
