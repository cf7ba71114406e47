import type { EventBus } from '../events/index.js';
import type { ChatService } from './service.js';

/**
 * What chat destinations are told, and when: a broken working agreement, Rota's review that ended
 * asking for changes, and work that failed for good. Each queues one message per destination
 * that chose the topic; the outbox's dedupe key (`chat:{destId}:{event id}`) keeps a repeated
 * event from posting twice.
 */
export function chatOnEvents(deps: { events: EventBus; chat: ChatService }): void {
  const { events, chat } = deps;
  events.on('agreement.breached', (breach) => chat.onAgreementBreached(breach));
  events.on('review.stored', ({ reviewId }) => chat.onReviewStored(reviewId));
  events.on('work.failed', (failure) => chat.onWorkFailed(failure));
}
