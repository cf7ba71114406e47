import { EventEmitter } from 'node:events';
import type { Notification } from '@rota/contracts';
import { Redis } from 'ioredis';

/** What a user's open streams are told: a new notification (with the count), or a new count. */
export type FeedMessage =
  | { userId: string; type: 'notification'; notification: Notification; unread: number }
  | { userId: string; type: 'unread'; unread: number };

/**
 * Carries notifications to the streams open for their user, on whichever process they are open:
 * the process that stores a notification (a worker, another API process) publishes, every process
 * hands the message to its own streams of that user.
 */
export interface NotificationFeed {
  publish(message: FeedMessage): Promise<void>;
  /** Listens for one user's messages; the returned function stops listening. */
  subscribe(userId: string, listener: (message: FeedMessage) => void): Promise<() => void>;
  close(): Promise<void>;
}

/** One process: messages go straight to this process's streams. */
export class LocalNotificationFeed implements NotificationFeed {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(message: FeedMessage): Promise<void> {
    this.emitter.emit(message.userId, message);
    return Promise.resolve();
  }

  subscribe(userId: string, listener: (message: FeedMessage) => void): Promise<() => void> {
    this.emitter.on(userId, listener);
    return Promise.resolve(() => this.emitter.off(userId, listener));
  }

  close(): Promise<void> {
    this.emitter.removeAllListeners();
    return Promise.resolve();
  }
}

/** The channel every process publishes on and listens to; the message names its user. */
export const NOTIFICATION_CHANNEL = 'rota:notifications';

/**
 * Many processes (REDIS_URL): one Redis channel. A process connects to listen only once a stream
 * is open on it, so workers and idle processes hold no listening connection; its own messages
 * reach its streams the same way, through Redis.
 */
export class RedisNotificationFeed implements NotificationFeed {
  private readonly local = new LocalNotificationFeed();
  private publisher: Redis | null = null;
  private listener: Promise<Redis> | null = null;
  private closed = false;

  constructor(
    private readonly redisUrl: string,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  async publish(message: FeedMessage): Promise<void> {
    if (this.closed) return;
    this.publisher ??= this.connect();
    await this.publisher.publish(NOTIFICATION_CHANNEL, JSON.stringify(message));
  }

  async subscribe(userId: string, listener: (message: FeedMessage) => void) {
    this.listener ??= this.listen();
    try {
      await this.listener;
    } catch (error) {
      this.listener = null; // the next stream tries to connect again
      throw error;
    }
    return this.local.subscribe(userId, listener);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.local.close();
    this.publisher?.disconnect();
    const listener = this.listener;
    this.listener = null;
    if (listener) (await listener.catch(() => null))?.disconnect();
  }

  private connect(): Redis {
    const redis = new Redis(this.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
    redis.on('error', (error) => this.onError(error));
    return redis;
  }

  private async listen(): Promise<Redis> {
    const redis = this.connect();
    redis.on('message', (channel: string, text: string) => {
      if (channel !== NOTIFICATION_CHANNEL) return;
      try {
        void this.local.publish(JSON.parse(text) as FeedMessage);
      } catch (error) {
        this.onError(error);
      }
    });
    await redis.subscribe(NOTIFICATION_CHANNEL);
    return redis;
  }
}

/** The feed for the process: Redis pub/sub when REDIS_URL is set, else in-process. */
export function createNotificationFeed(options: {
  redisUrl?: string | undefined;
  onError?: (error: unknown) => void;
}): NotificationFeed {
  return options.redisUrl
    ? new RedisNotificationFeed(options.redisUrl, options.onError)
    : new LocalNotificationFeed();
}
