import type { FastifyBaseLogger } from 'fastify';
import type { OutboxOverview } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { backoffDelay } from '../../jobs/backoff.js';
import * as queries from './queries.js';
import type { OutboxChannel, OutboxRow } from './queries.js';

/** One message to send: the channel's transport reads the payload. */
export interface OutboxItem {
  channel: 'email' | 'chat';
  /** One message per key, ever: `email:notification:{id}`, `chat:…`. */
  dedupeKey: string;
  payload: Record<string, unknown>;
}

/**
 * Sends one message. Throwing retries it later (with backoff, up to the attempts allowed), unless
 * the error is a PermanentSendError. `item.id` and `item.attempt` name the outbox row and try.
 */
export type OutboxTransport = (
  payload: Record<string, unknown>,
  item: { id: string; attempt: number },
) => Promise<void>;

/** A transport throws it when trying again cannot help (bad address, a 5xx or 4xx refusal). */
export class PermanentSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentSendError';
  }
}

/** The job kind that drains the outbox (queued on enqueue, and every minute by the scheduler). */
export const OUTBOX_SEND_JOB = 'outbox-send';

export interface OutboxOptions {
  db: Database;
  /** Who sends each channel; a channel without one keeps its messages pending and says why. */
  transports: { email?: OutboxTransport | undefined; chat?: OutboxTransport | undefined };
  /** Asks for a drain soon (the composition root queues an `outbox-send` job). */
  wake?: () => Promise<unknown>;
  /** Attempts per message before it is failed for good (default 8). */
  maxAttempts?: number;
  /** How long a sender holds a message; after that another drain sends it (default 2 minutes). */
  leaseMs?: number;
  /** First retry's wait, doubled per attempt up to `retryMaxMs` (defaults 30 s and 1 hour). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Messages sent at once by one drain (default 4). */
  concurrency?: number;
  logger?: FastifyBaseLogger;
}

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
}

const CHANNELS: readonly OutboxChannel[] = ['email', 'chat'];
const FAILED_SHOWN = 20;
const ERROR_LENGTH = 500;

/** Hides most of an address: `a***@example.com`, `hooks.example.com/…`. */
export function maskRecipient(value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const at = value.lastIndexOf('@');
  if (at > 0) return `${value[0]}***${value.slice(at)}`;
  try {
    const url = new URL(value);
    return `${url.host}/…`;
  } catch {
    return `${value.slice(0, 2)}***`;
  }
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, ERROR_LENGTH) || 'unknown error';
}

/**
 * The durable outbox: every message Rota sends is a row first (docs/notifications-email.md). A
 * drain takes due rows under a lease, sends them through their channel's transport and marks
 * them sent, or retries them with exponential backoff, or fails them with the last error.
 */
export class Outbox {
  private readonly maxAttempts: number;
  private readonly leaseMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly concurrency: number;

  constructor(private readonly options: OutboxOptions) {
    this.maxAttempts = options.maxAttempts ?? 8;
    this.leaseMs = options.leaseMs ?? 120_000;
    this.retryBaseMs = options.retryBaseMs ?? 30_000;
    this.retryMaxMs = options.retryMaxMs ?? 3_600_000;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
  }

  /** Whether a channel can be sent in this process (e-mail needs SMTP_URL). */
  sends(channel: OutboxChannel): boolean {
    return this.options.transports[channel] !== undefined;
  }

  /**
   * Writes the message unless its dedupe key was written before; true when it is new. Given a
   * transaction, the row commits with it and the drain is not woken (the caller may `wake()` after
   * the commit, else the minute's drain sends it).
   */
  async enqueue(item: OutboxItem, tx?: Database): Promise<boolean> {
    const created = await queries.insertMessage(tx ?? this.options.db, item);
    if (created && !tx) await this.wake();
    return created;
  }

  /** Asks for a drain soon; a failure to ask only delays the message to the minute's drain. */
  async wake(): Promise<void> {
    try {
      await this.options.wake?.();
    } catch (error) {
      this.options.logger?.warn({ err: error }, 'could not queue an outbox drain');
    }
  }

  /**
   * Sends what is due until nothing is, or `budgetMs` has passed: `concurrency` lanes, each taking
   * one message at a time under a lease, so a slow send never holds others' leases.
   */
  async drain(options: { budgetMs?: number } = {}): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
    const channels = CHANNELS.filter((channel) => this.sends(channel));
    const silent = CHANNELS.filter((channel) => !this.sends(channel));
    await queries.noteUnsendable(
      this.options.db,
      silent,
      'no transport configured for this channel in this process',
    );
    result.failed += await queries.failAbandoned(
      this.options.db,
      this.maxAttempts,
      'the sender stopped while sending the last attempt (its lease ran out)',
    );
    const until = Date.now() + (options.budgetMs ?? 50_000);
    const lane = async () => {
      while (Date.now() < until) {
        const [row] = await queries.claimDue(this.options.db, channels, 1, this.leaseMs);
        if (!row) return;
        result[await this.send(row)] += 1;
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, lane));
    return result;
  }

  private async send(row: OutboxRow): Promise<keyof DrainResult> {
    const transport = this.options.transports[row.channel]!;
    try {
      await transport(row.payload, { id: row.id, attempt: row.attempts });
    } catch (error) {
      const permanent = error instanceof PermanentSendError;
      const last = permanent || row.attempts >= this.maxAttempts;
      const retryInMs = last ? null : backoffDelay(row.attempts, this.retryBaseMs, this.retryMaxMs);
      await queries.markAttemptFailed(this.options.db, row.id, row.attempts, {
        retryInMs,
        error: errorText(error),
      });
      this.options.logger?.warn(
        { err: error, outboxId: row.id, channel: row.channel, attempt: row.attempts, retryInMs },
        last ? 'an outbox message failed for good' : 'an outbox message will be tried again',
      );
      return last ? 'failed' : 'retried';
    }
    await queries.markSent(this.options.db, row.id, row.attempts);
    return 'sent';
  }

  /** Counts per channel and status and the latest failures, for administrators; never a body. */
  async overview(): Promise<OutboxOverview> {
    const [counts, failed, oldest] = await Promise.all([
      queries.countByStatus(this.options.db),
      queries.latestFailed(this.options.db, FAILED_SHOWN),
      queries.oldestWaiting(this.options.db),
    ]);
    return {
      channels: CHANNELS.map((channel) => {
        const of = (status: string) =>
          counts.find((row) => row.channel === channel && row.status === status)?.count ?? 0;
        return {
          channel,
          configured: this.sends(channel),
          pending: of('pending'),
          sending: of('sending'),
          sent: of('sent'),
          failed: of('failed'),
        };
      }),
      oldestWaitingAt: oldest?.toISOString() ?? null,
      latestFailed: failed.map((row) => ({
        id: row.id,
        channel: row.channel,
        recipient: maskRecipient(row.payload.to ?? row.payload.url),
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt.toISOString(),
        failedAt: row.updatedAt.toISOString(),
      })),
    };
  }
}
