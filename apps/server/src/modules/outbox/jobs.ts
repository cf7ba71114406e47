import type { ScheduledJob } from '../../jobs/schedules.js';
import type { JobHandler, JobQueue } from '../../jobs/types.js';
import { OUTBOX_SEND_JOB, type Outbox } from './service.js';

/** The `outbox-send` job: drains what is due and answers what it did. */
export function createOutboxSendHandler(outbox: Outbox): JobHandler {
  return async () => outbox.drain();
}

/** Asks for a drain now (one queued drain at a time: later asks join it). */
export function wakeOutbox(queue: () => JobQueue): () => Promise<unknown> {
  return () => queue().enqueue(OUTBOX_SEND_JOB, {}, { dedupeKey: OUTBOX_SEND_JOB, maxAttempts: 1 });
}

/**
 * The minute's drain, also at start: retries whose time has come, messages whose sender died
 * (lease passed), and any whose wake-up was missed.
 */
export function outboxSchedule(outbox: Outbox, everyMs = 60_000): ScheduledJob {
  return {
    kind: OUTBOX_SEND_JOB,
    everyMs,
    atStart: true,
    handler: createOutboxSendHandler(outbox),
  };
}
