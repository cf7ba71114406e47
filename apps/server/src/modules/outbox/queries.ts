import { and, desc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { outboxMessages, users } from '../../db/schema/index.js';

export type OutboxChannel = (typeof outboxMessages.$inferSelect)['channel'];
export type OutboxStatus = (typeof outboxMessages.$inferSelect)['status'];
export type OutboxRow = typeof outboxMessages.$inferSelect;

/** Inserts the message unless its dedupe key is already there; true when it is new. */
export async function insertMessage(
  db: Database,
  item: { channel: OutboxChannel; dedupeKey: string; payload: Record<string, unknown> },
): Promise<boolean> {
  const rows = await db
    .insert(outboxMessages)
    .values(item)
    .onConflictDoNothing({ target: outboxMessages.dedupeKey })
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/**
 * Takes up to `limit` due messages of `channels` for `leaseMs`: pending ones whose time has come,
 * and ones being sent whose lease ran out (their sender died). FOR UPDATE SKIP LOCKED: two drains
 * never take the same row; the attempt is counted as it is taken.
 */
export async function claimDue(
  db: Database,
  channels: readonly OutboxChannel[],
  limit: number,
  leaseMs: number,
): Promise<OutboxRow[]> {
  if (channels.length === 0) return [];
  const lease = `${Math.max(1, Math.round(leaseMs))} milliseconds`;
  const claimed = await db.execute(sql`
    update ${outboxMessages}
    set status = 'sending', attempts = attempts + 1,
      locked_until = now() + ${lease}::interval, updated_at = now()
    where id in (
      select id from ${outboxMessages}
      where channel in (${sql.join(
        channels.map((channel) => sql`${channel}`),
        sql`, `,
      )})
        and ((status = 'pending' and next_attempt_at <= now())
          or (status = 'sending' and locked_until < now()))
      order by next_attempt_at, created_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = (claimed as unknown as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
}

/** The message, while the sender of this attempt still holds it. */
const heldBy = (id: string, attempt: number) =>
  and(
    eq(outboxMessages.id, id),
    eq(outboxMessages.status, 'sending'),
    eq(outboxMessages.attempts, attempt),
  );

/** Marks a message sent, if this sender still holds it (the same attempt). */
export async function markSent(db: Database, id: string, attempt: number): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, updatedAt: sql`now()` })
    .where(heldBy(id, attempt));
}

/** Gives a message back for another attempt after `delayMs`, or fails it for good. */
export async function markAttemptFailed(
  db: Database,
  id: string,
  attempt: number,
  outcome: { retryInMs: number | null; error: string },
): Promise<void> {
  await db
    .update(outboxMessages)
    .set(
      outcome.retryInMs === null
        ? { status: 'failed', lockedUntil: null, lastError: outcome.error, updatedAt: sql`now()` }
        : {
            status: 'pending',
            lockedUntil: null,
            lastError: outcome.error,
            nextAttemptAt: sql`now() + ${`${Math.round(outcome.retryInMs)} milliseconds`}::interval`,
            updatedAt: sql`now()`,
          },
    )
    .where(heldBy(id, attempt));
}

/**
 * Fails the messages whose sender stopped (lease passed) on their last attempt: a message that
 * takes its sender down every time must not be taken forever.
 */
export async function failAbandoned(
  db: Database,
  maxAttempts: number,
  reason: string,
): Promise<number> {
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'failed', lockedUntil: null, lastError: reason, updatedAt: sql`now()` })
    .where(
      and(
        eq(outboxMessages.status, 'sending'),
        sql`${outboxMessages.lockedUntil} < now()`,
        sql`${outboxMessages.attempts} >= ${maxAttempts}`,
      ),
    )
    .returning({ id: outboxMessages.id });
  return rows.length;
}

/** Says on the waiting messages of channels nobody can send why they wait. */
export async function noteUnsendable(
  db: Database,
  channels: readonly OutboxChannel[],
  reason: string,
): Promise<void> {
  if (channels.length === 0) return;
  await db
    .update(outboxMessages)
    .set({ lastError: reason, updatedAt: sql`now()` })
    .where(
      and(
        inArray(outboxMessages.channel, [...channels]),
        eq(outboxMessages.status, 'pending'),
        or(isNull(outboxMessages.lastError), sql`${outboxMessages.lastError} <> ${reason}`),
      ),
    );
}

/** Messages per channel and status. */
export async function countByStatus(
  db: Database,
): Promise<Array<{ channel: OutboxChannel; status: OutboxStatus; count: number }>> {
  return db
    .select({
      channel: outboxMessages.channel,
      status: outboxMessages.status,
      count: sql<number>`count(*)::int`,
    })
    .from(outboxMessages)
    .groupBy(outboxMessages.channel, outboxMessages.status);
}

/** The latest failed messages, newest first. */
export async function latestFailed(db: Database, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'failed'))
    .orderBy(desc(outboxMessages.updatedAt))
    .limit(limit);
}

/** The oldest message still waiting to go out (pending or sending), for the administrators' view. */
export async function oldestWaiting(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: outboxMessages.createdAt })
    .from(outboxMessages)
    .where(notInArray(outboxMessages.status, ['sent', 'failed']))
    .orderBy(outboxMessages.createdAt)
    .limit(1);
  return row?.createdAt ?? null;
}

/** A user's e-mail address and name, or undefined when the account is gone. */
export async function recipientOf(
  db: Database,
  userId: string,
): Promise<{ email: string; name: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Which of these dedupe keys the outbox already holds (a message queued once, in any state). */
export async function existingKeys(db: Database, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: outboxMessages.dedupeKey })
    .from(outboxMessages)
    .where(inArray(outboxMessages.dedupeKey, keys));
  return new Set(rows.map((row) => row.key));
}
