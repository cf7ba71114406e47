import type { ScheduledJob } from '../../jobs/schedules.js';
import type { JobHandler, JobQueue } from '../../jobs/types.js';
import { OUTBOX_SEND_JOB, type Outbox } from './service.js';

/**
 * The `outbox-send` job: drains what is due and answers what it did. The minute's run (its payload
 * names its slot; a wake-up's does not) first queues what a dead process left unqueued (`catchUp`).
 */
export function createOutboxSendHandler(
  outbox: Outbox,
  catchUp?: () => Promise<number>,
): JobHandler {
  return async (payload) => {
    const scheduled = typeof (payload as { slot?: unknown } | null)?.slot === 'number';
    const caughtUp = catchUp && scheduled ? await catchUp() : 0;
    return { ...(await outbox.drain()), caughtUp };
  };
}

/** Asks for a drain now (one queued drain at a time: later asks join it). */
export function wakeOutbox(queue: () => JobQueue): () => Promise<unknown> {
  return () => queue().enqueue(OUTBOX_SEND_JOB, {}, { dedupeKey: OUTBOX_SEND_JOB, maxAttempts: 1 });
}

/**
 * The minute's drain, also at start: retries whose time has come, messages whose sender died
 * (lease passed), any whose wake-up was missed, and (`catchUp`) e-mails never queued.
 */
export function outboxSchedule(
  outbox: Outbox,
  catchUp?: () => Promise<number>,
  everyMs = 60_000,
): ScheduledJob {
  return {
    kind: OUTBOX_SEND_JOB,
    everyMs,
    atStart: true,
    handler: createOutboxSendHandler(outbox, catchUp),
  };
}
