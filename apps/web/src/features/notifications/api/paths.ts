/** The notifications API's addresses (`docs/api.md`). */
export const NOTIFICATION_PATHS = {
  list: '/api/notifications',
  read: '/api/notifications/read',
  stream: '/api/notifications/stream',
} as const;
