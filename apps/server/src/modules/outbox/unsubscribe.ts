import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ErrorCodes,
  UNSUBSCRIBE_TOPICS,
  type UnsubscribeTopic,
  type UpdateUserSettingsBody,
} from '@rota/contracts';
import { AppError } from '../../lib/errors.js';

/** The settings module's service, as far as unsubscribing needs it (filled by the composition root). */
export interface SettingsPort {
  update(userId: string, body: UpdateUserSettingsBody): Promise<unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const INVALID_UNSUBSCRIBE_TOKEN =
  'This unsubscribe link is not valid; copy the whole link from the e-mail';

/**
 * Signed unsubscribe links: `{userId}.{topic}.{HMAC-SHA256}` in base64url, keyed by a key derived
 * from the server's JWT secret. They do not expire (an old e-mail's link still works) and only the
 * server can make one; the topic is a notification kind or `digest`.
 */
export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly publicUrl: string,
  ) {
    this.key = createHmac('sha256', secret).update('rota unsubscribe links v1').digest();
  }

  private signature(userId: string, topic: string): string {
    return createHmac('sha256', this.key).update(`${userId}:${topic}`).digest('base64url');
  }

  token(userId: string, topic: UnsubscribeTopic): string {
    return `${userId}.${topic}.${this.signature(userId, topic)}`;
  }

  /** The link an e-mail carries (the page that confirms, and RFC 8058's one-click POST target). */
  url(userId: string, topic: UnsubscribeTopic): string {
    return `${this.publicUrl}/api/notifications/unsubscribe?token=${this.token(userId, topic)}`;
  }

  /** The user and topic of a token, or null when it is not one this server signed. */
  verify(token: string | undefined): { userId: string; topic: UnsubscribeTopic } | null {
    const parts = (token ?? '').split('.');
    if (parts.length !== 3) return null;
    const [userId, topic, signature] = parts as [string, string, string];
    if (!UUID.test(userId) || !(UNSUBSCRIBE_TOPICS as readonly string[]).includes(topic))
      return null;
    const expected = Buffer.from(this.signature(userId, topic));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { userId, topic: topic as UnsubscribeTopic };
  }
}

/** Switches off what an unsubscribe link names, through the settings module. */
export class UnsubscribeService {
  constructor(
    private readonly deps: {
      links: UnsubscribeLinks;
      settings: SettingsPort;
      userExists: (userId: string) => Promise<boolean>;
    },
  ) {}

  /** The token's topic, or a 400 when the token is bad or its account is gone. Changes nothing. */
  async check(token: string | undefined): Promise<{ userId: string; topic: UnsubscribeTopic }> {
    const found = this.deps.links.verify(token);
    if (!found || !(await this.deps.userExists(found.userId)))
      throw new AppError(ErrorCodes.badRequest, INVALID_UNSUBSCRIBE_TOKEN);
    return found;
  }

  /** Turns the flag off (the digest to 'off'); doing it twice is the same as once. */
  async unsubscribe(token: string | undefined): Promise<{ topic: UnsubscribeTopic }> {
    const { userId, topic } = await this.check(token);
    await this.deps.settings.update(
      userId,
      topic === 'digest'
        ? { notifications: { digest: 'off' } }
        : { notifications: { [topic]: false } },
    );
    return { topic };
  }
}
