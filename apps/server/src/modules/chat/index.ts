/**
 * Outgoing chat webhooks per project (Slack, Microsoft Teams, Mattermost/Discord): the
 * destinations with their encrypted URLs (owner only), the test message, the messages for a broken
 * working agreement, Rota's review asking for changes, failed work and the digest, and the
 * transport that posts them for the outbox. Host policy as for repositories, at save and at send.
 */
export { chatRoutes } from './routes.js';
export {
  ChatSendError,
  ChatService,
  type ChatDigest,
  type ChatPayload,
  type EnqueueChat,
} from './service.js';
export { chatOnEvents } from './subscribers.js';
