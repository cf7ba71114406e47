import { z } from 'zod';
import { UNSUBSCRIBE_TOPICS } from './notifications.js';

/**
 * The outbox every message Rota sends goes through (docs/notifications-email.md):
 * `GET /api/admin/outbox` for administrators, and the unsubscribe links of e-mails.
 */
export const OUTBOX_CHANNELS = ['email', 'chat'] as const;

export const OutboxChannelCountsSchema = z.object({
  channel: z.enum(OUTBOX_CHANNELS),
  /** Whether this process can send the channel (e-mail needs SMTP_URL). */
  configured: z.boolean(),
  pending: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
});

export const OutboxFailedMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(OUTBOX_CHANNELS),
  /** The address, mostly hidden (`a***@example.com`); never the message itself. */
  recipient: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string(),
});

/** `GET /api/admin/outbox`. */
export const OutboxOverviewSchema = z.object({
  channels: z.array(OutboxChannelCountsSchema),
  /** When the oldest message still waiting to go out was written; null when none waits. */
  oldestWaitingAt: z.string().nullable(),
  /** The latest messages that failed for good, newest first (at most 20). */
  latestFailed: z.array(OutboxFailedMessageSchema),
});
export type OutboxOverview = z.infer<typeof OutboxOverviewSchema>;

/** `GET`/`POST /api/notifications/unsubscribe?token=`: the signed token of an e-mail's link. */
export const UnsubscribeQuery = z.object({
  token: z.string().max(512).optional(),
});

/** `POST /api/notifications/unsubscribe` answered as JSON: what was switched off. */
export const UnsubscribedSchema = z.object({
  topic: z.enum(UNSUBSCRIBE_TOPICS),
  unsubscribed: z.literal(true),
});
export type Unsubscribed = z.infer<typeof UnsubscribedSchema>;
