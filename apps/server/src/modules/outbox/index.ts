/**
 * The durable outbox: every message Rota sends (e-mail, chat) is written to `outbox_messages`
 * first and sent by the `outbox-send` job under a lease, with retries and backoff; e-mail over
 * SMTP (nodemailer), the notifications' e-mails in the reader's language, signed unsubscribe
 * links, and the administrators' view of what failed (docs/notifications-email.md).
 */
export { createEmailTransport, type EmailPayload } from './email-transport.js';
export { createOutboxSendHandler, outboxSchedule, wakeOutbox } from './jobs.js';
export { escapeHtml, messageIdOf, renderMailLayout, type MailLayoutInput } from './mail-layout.js';
export { MAIL_TEXTS, mailLanguageOf, type MailLanguage } from './mail-texts/index.js';
export {
  mailNotifications,
  notificationMailKey,
  renderNotificationMail,
} from './notification-mail.js';
export { outboxRoutes } from './routes.js';
export {
  maskRecipient,
  Outbox,
  OUTBOX_SEND_JOB,
  PermanentSendError,
  type DrainResult,
  type OutboxItem,
  type OutboxOptions,
  type OutboxTransport,
} from './service.js';
export { UnsubscribeLinks, UnsubscribeService, type SettingsPort } from './unsubscribe.js';
