import {
  ErrorCodes,
  ProjectMessages,
  type MarkNotificationsReadBody,
  type Notification,
  type NotificationFlags,
  type NotificationKind,
  type NotificationList,
  type NotificationListQuery,
  type NotificationSubject,
  type UnreadCount,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { EventBus } from '../events/index.js';
import type { FeedMessage, NotificationFeed } from './feed.js';
import * as queries from './queries.js';

/** Port: a user's notification flags, their choices over Rota's defaults (the settings module). */
export type NotificationFlagsOf = (userId: string) => Promise<NotificationFlags>;

/** One notification to make for one user. */
export interface NotificationDraft {
  userId: string;
  kind: NotificationKind;
  projectId: string | null;
  /** Names the event: a user gets one notification per key. */
  eventKey: string;
  subject: NotificationSubject;
  detail: Notification['detail'];
  link: string;
}

export interface NotificationsDeps {
  db: Database;
  events: EventBus;
  feed: NotificationFeed;
  flagsOf: NotificationFlagsOf;
  now?: () => number;
}

const toNotification = (row: queries.NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  projectId: row.projectId,
  projectName: row.projectName,
  subject: row.subject,
  detail: row.detail,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** The keyset cursor: the last item's time (microseconds kept by ISO's milliseconds) and id. */
const encodeCursor = (row: queries.NotificationRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [time, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time ?? '');
  if (extra !== undefined || !id || !UUID.test(id) || Number.isNaN(createdAt.getTime()))
    throw new AppError(ErrorCodes.badRequest, 'before is not a cursor this list gave');
  return { createdAt, id };
}

/**
 * A user's notifications: made from what happened (`deliver`), listed newest first, marked read,
 * and followed live (`watch`). Each stored notification is published on the bus
 * (`notification.created`) and on the feed the live streams listen to.
 */
export class NotificationsService {
  constructor(private readonly deps: NotificationsDeps) {}

  /**
   * A page of the user's notifications. Filtering by a project they neither own nor were notified
   * about is the 404 of a missing project: no existence oracle.
   */
  async list(userId: string, query: NotificationListQuery): Promise<NotificationList> {
    if (
      query.projectId &&
      !(await queries.mayFilterByProject(this.deps.db, userId, query.projectId))
    )
      throw notFound(ProjectMessages.notFound);
    const rows = await queries.listNotifications(this.deps.db, userId, {
      limit: query.limit + 1,
      before: query.before ? decodeCursor(query.before) : null,
      kind: query.kind,
      projectId: query.projectId,
      unread: query.unread === undefined ? undefined : query.unread === 'true',
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toNotification),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      unread: await queries.countUnread(this.deps.db, userId),
    };
  }

  async unread(userId: string): Promise<UnreadCount> {
    return { unread: await queries.countUnread(this.deps.db, userId) };
  }

  /** Marks some (the caller's only; others' ids are ignored) or all read; answers the count. */
  async markRead(userId: string, body: MarkNotificationsReadBody): Promise<UnreadCount> {
    const ids = 'all' in body ? 'all' : body.ids;
    const marked = await queries.markRead(this.deps.db, userId, ids, this.now());
    const count = await this.unread(userId);
    if (marked > 0) await this.publish({ userId, type: 'unread', unread: count.unread });
    return count;
  }

  /**
   * The notifications made in [since, until], oldest first, at most `limit`: what the e-mail
   * outbox reads again to queue any e-mail a process died before queueing.
   */
  async createdBetween(
    since: Date,
    until: Date,
    limit = 500,
  ): Promise<Array<{ userId: string; notification: Notification }>> {
    const rows = await queries.notificationsBetween(this.deps.db, since, until, limit);
    return rows.map((row) => ({ userId: row.userId, notification: toNotification(row) }));
  }

  /** Follows the user's notifications and count until the returned function is called. */
  watch(userId: string, listener: (message: FeedMessage) => void): Promise<() => void> {
    return this.deps.feed.subscribe(userId, listener);
  }

  /**
   * Stores the drafts whose kind the user has on, each once per user and event; publishes every one
   * stored. Answers the notifications stored (none for an event already notified).
   */
  async deliver(drafts: NotificationDraft[]): Promise<Notification[]> {
    const stored: Notification[] = [];
    const flags = new Map<string, NotificationFlags>();
    for (const draft of drafts) {
      let userFlags = flags.get(draft.userId);
      if (!userFlags) {
        userFlags = await this.deps.flagsOf(draft.userId);
        flags.set(draft.userId, userFlags);
      }
      if (!userFlags[draft.kind]) continue;
      const row = await queries.insertNotification(this.deps.db, {
        userId: draft.userId,
        kind: draft.kind,
        projectId: draft.projectId,
        eventKey: draft.eventKey,
        subject: draft.subject,
        detail: draft.detail,
        link: draft.link,
        createdAt: this.now(),
      });
      if (!row) continue;
      const notification = toNotification(row);
      stored.push(notification);
      await this.deps.events.emit('notification.created', { userId: draft.userId, notification });
      const unread = await queries.countUnread(this.deps.db, draft.userId);
      await this.publish({ userId: draft.userId, type: 'notification', notification, unread });
    }
    return stored;
  }

  private async publish(message: FeedMessage) {
    try {
      await this.deps.feed.publish(message);
    } catch {
      // The stored notification stands; a stream that missed it sees it on its next list.
    }
  }

  private now() {
    return new Date(this.deps.now?.() ?? Date.now());
  }
}
