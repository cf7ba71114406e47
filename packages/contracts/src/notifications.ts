import { z } from 'zod';

/**
 * Notifications (spec §3 User settings' flags; `GET /api/notifications`, `POST
 * /api/notifications/read`, `GET /api/notifications/stream`, `GET /api/notifications/digest/preview`).
 * Each kind is switched on or off by the user's settings flag of the same name.
 */
export const NOTIFICATION_KINDS = [
  /** A pull request was assigned to the user, or their review was requested. */
  'prAssigned',
  /** The user's login was mentioned in a pull request's title, body or a review. */
  'prMentioned',
  /** Rota finished reviewing a pull request the user opened or must review. */
  'prReviewed',
  /** A pull request of the user's projects was merged. */
  'prMerged',
  /** A pull request broke one of the project's working agreements. */
  'agreementBroken',
  /** An analysis, fetch or pull-request sync of the user's projects failed. */
  'workFailed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What an unsubscribe link may switch off: a kind's e-mails, or the digest. */
export const UNSUBSCRIBE_TOPICS = [...NOTIFICATION_KINDS, 'digest'] as const;
export type UnsubscribeTopic = (typeof UNSUBSCRIBE_TOPICS)[number];

/** What a notification is about; `url` is the forge's page of it, when it has one. */
export const NotificationSubjectSchema = z.object({
  type: z.enum(['pullRequest', 'repository', 'project']),
  /** owner/repo as the forge spells it, when the subject is in a repository. */
  repository: z.string().nullable(),
  number: z.number().int().nullable(),
  title: z.string().nullable(),
  url: z.string().nullable(),
});
export type NotificationSubject = z.infer<typeof NotificationSubjectSchema>;

export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  subject: NotificationSubjectSchema,
  /**
   * The facts the text is worded from, per kind (the web words them in the reader's language):
   * `actor` (login), `verdict` (Rota's review status), `agreement` (its kind) and `threshold`,
   * `failure` (a job error code) and `work` ('analysis' | 'fetch' | 'sync').
   */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  /** Where it leads inside Rota: a path of the web app (`/projects/{id}?tab=…`). */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NOTIFICATION_PAGE_SIZE = 30;

/** `GET /api/notifications?limit=&before=&kind=&projectId=&unread=` — newest first. */
export const NotificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
  /** The `nextCursor` of the page before. */
  before: z.string().max(200).optional(),
  kind: z.enum(NOTIFICATION_KINDS).optional(),
  projectId: z.string().uuid().optional(),
  unread: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  /** Pass as `before` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
  /** The user's unread notifications, all kinds and projects. */
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** `POST /api/notifications/read`: some by id, or all of them. */
export const MarkNotificationsReadBody = z.union([
  z.strictObject({ ids: z.array(z.string().uuid()).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkNotificationsReadBody = z.infer<typeof MarkNotificationsReadBody>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/**
 * `GET /api/notifications/stream` sends Server-Sent Events: `notification` (data: a Notification)
 * when one is created for the user, `unread` (data: UnreadCount) whenever the count changes.
 */
export const NOTIFICATION_STREAM_EVENTS = ['notification', 'unread'] as const;

/** `GET /api/notifications/digest/preview`: exactly what the next digest would send. */
export const DigestPreviewSchema = z.object({
  frequency: z.enum(['off', 'daily', 'weekly']),
  /** When the next one goes out (ISO), or null when the digest is off. */
  sendsAt: z.string().nullable(),
  /** The period it covers (ISO). */
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** False when nothing in the period is worth sending: no digest goes out then. */
  hasContent: z.boolean(),
});
export type DigestPreview = z.infer<typeof DigestPreviewSchema>;
