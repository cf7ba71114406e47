/**
 * Notifications: Rota tells the users of a project what concerns them (assigned, mentioned, their
 * pull request reviewed, merged, a working agreement broken, work that failed), from forge and
 * change events; lists them, marks them read and streams them live (Server-Sent Events), across
 * processes through Redis when REDIS_URL is set. Publishes `notification.created`.
 */
export { notificationRoutes } from './routes.js';
export { NotificationsService, type NotificationFlagsOf } from './service.js';
export { createNotificationFeed, type NotificationFeed } from './feed.js';
export { notifyOnEvents } from './subscribers.js';
