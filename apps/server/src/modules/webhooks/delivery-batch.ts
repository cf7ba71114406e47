import type { WebhookAccepted } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/types.js';
import { repositoryKey, type ForgeRepositoryRef } from '../events/index.js';
import type { ForgeRegistry } from '../forges/index.js';
import type { AcksFirst } from './acks-first.js';
import { deliveriesJob } from './delivery-job.js';
import { hookSecrets } from './hook-secrets.js';
import * as queries from './queries.js';
import { signedByAny } from './signature.js';

/** A delivery whose headers and body are well formed; its signature is not checked yet. */
export interface CheckedDelivery {
  deliveryId: string;
  event: string;
  body: Buffer;
  signature: Buffer;
  payload: Record<string, unknown>;
  repository: ForgeRepositoryRef;
}

/** Why a delivery of a batch is refused; the receiver turns it into its 401 or 404. */
export type Refusal = 'unknown-repository' | 'bad-signature';

export type BatchAnswer = { accepted: WebhookAccepted } | { refused: Refusal };

interface Waiting {
  delivery: CheckedDelivery;
  resolve: (answer: BatchAnswer) => void;
  reject: (error: unknown) => void;
}

export interface BatchDeps {
  db: Database;
  /**
   * Batches written at once. PGlite has one connection, so one; a PostgreSQL pool can commit a
   * few side by side, so one slow commit (a busy server) does not hold every delivery behind it.
   */
  writers: number;
  queue: JobQueue;
  forges: ForgeRegistry;
  encryptionKey: Buffer;
  /** The process's gate that holds webhook processing back while deliveries wait for their 202. */
  acksFirst?: AcksFirst;
}

/** A batch stops growing at this many deliveries or this many body bytes (GitHub's are ≤ 25 MB). */
const MAX_DELIVERIES = 200;
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * Group commit for `POST /webhook/github`. Deliveries that arrive while every writer is busy wait
 * and go together in the next batch: each repository's secrets are read once per batch,
 * every delivery is recorded in one insert, and one job, committed in the same transaction, names
 * them all. Each request is answered when its batch has committed, with its own answer (202,
 * duplicate, 401, 404) — still "recorded before the 202". When idle, a delivery is written at once
 * (no timer): batching costs nothing at low rates and grows with the load, so the database sees a
 * few statements per batch instead of several per delivery.
 */
export class DeliveryBatcher {
  private waiting: Waiting[] = [];
  private writing = 0;
  /** Deliveries submitted and not answered yet. */
  private unanswered = 0;
  /** Settles when the delivery submitted last has been answered. */
  private lastAnswered: Promise<void> = Promise.resolve();

  constructor(private readonly deps: BatchDeps) {
    deps.acksFirst?.watch(() => (this.unanswered > 0 ? this.lastAnswered : null));
  }

  submit(delivery: CheckedDelivery): Promise<BatchAnswer> {
    this.unanswered += 1;
    const answer = new Promise<BatchAnswer>((resolve, reject) => {
      this.waiting.push({ delivery, resolve, reject });
      if (this.writing < this.deps.writers) {
        this.writing += 1;
        // Lets the requests already read in this turn of the event loop join the batch.
        setImmediate(() => void this.drain());
      }
    });
    const settled = answer.then(
      () => undefined,
      () => undefined,
    );
    this.lastAnswered = settled;
    void settled.then(() => {
      this.unanswered -= 1;
    });
    return answer;
  }

  /** One writer: takes batches until none is waiting. */
  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.take();
      try {
        const answers = await this.write(batch.map((item) => item.delivery));
        batch.forEach((item, i) => item.resolve(answers[i]!));
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    this.writing -= 1;
  }

  private take(): Waiting[] {
    let bytes = 0;
    let count = 0;
    while (count < this.waiting.length && count < MAX_DELIVERIES) {
      bytes += this.waiting[count]!.delivery.body.length;
      if (count > 0 && bytes > MAX_BYTES) break;
      count += 1;
    }
    return this.waiting.splice(0, count);
  }

  /** Checks, records and enqueues one batch; the answers are in the batch's order. */
  private async write(batch: CheckedDelivery[]): Promise<BatchAnswer[]> {
    const secrets = await this.secretsByRepository(batch);
    const answers: Array<BatchAnswer | undefined> = [];
    const firstOfId = new Map<string, CheckedDelivery>();
    batch.forEach((delivery, i) => {
      const known = secrets.get(repositoryKey(delivery.repository));
      if (!known) answers[i] = { refused: 'unknown-repository' };
      else if (!signedByAny(delivery.body, delivery.signature, known))
        answers[i] = { refused: 'bad-signature' };
      // The same delivery id twice in one batch: the second is a replay of the first.
      else if (!firstOfId.has(delivery.deliveryId)) firstOfId.set(delivery.deliveryId, delivery);
    });
    const recorded = await this.deps.queue.enqueueWith(async (tx) => {
      const rows = await queries.recordDeliveries(
        tx,
        [...firstOfId.values()].map((delivery) => ({
          forge: 'github',
          deliveryId: delivery.deliveryId,
          event: delivery.event,
          repository: `${delivery.repository.owner}/${delivery.repository.repo}`,
          payload: delivery.payload,
        })),
      );
      return { value: rows, job: rows.size > 0 ? deliveriesJob([...rows.values()]) : null };
    });
    return batch.map((delivery, i) => {
      const refused = answers[i];
      if (refused) return refused;
      // A replay (or GitHub redelivering one we have): acknowledged, not processed twice.
      const fresh =
        firstOfId.get(delivery.deliveryId) === delivery && recorded.has(delivery.deliveryId);
      return { accepted: { deliveryId: delivery.deliveryId, duplicate: !fresh } };
    });
  }

  /** Each repository's hook secrets, read once per batch; absent when no project has it. */
  private async secretsByRepository(batch: CheckedDelivery[]) {
    const secrets = new Map<string, string[]>();
    const asked = new Set<string>();
    for (const { repository } of batch) {
      const key = repositoryKey(repository);
      if (asked.has(key)) continue;
      asked.add(key);
      const found = await hookSecrets(this.deps, repository);
      if (found) secrets.set(key, found);
    }
    return secrets;
  }
}
