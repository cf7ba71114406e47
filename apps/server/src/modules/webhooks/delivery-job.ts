import { JobErrorCodes } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import type { JobHandler, JobQueue, JobRequest } from '../../jobs/types.js';
import { PermanentJobError } from '../../jobs/types.js';
import {
  repositoryKey,
  type EventBus,
  type ForgeRepositoryRef,
  type PullRequestAction,
  EventBatch,
} from '../events/index.js';
import type { ForgeRegistry } from '../forges/index.js';
import type { AcksFirst } from './acks-first.js';
import * as queries from './queries.js';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
const MAX_ATTEMPTS = 5;

/**
 * The pull request actions Rota acts on (the store, the review engine, notifications); others
 * (labeled, unassigned, …) are acknowledged only.
 */
const PULL_REQUEST_ACTIONS: ReadonlySet<string> = new Set<PullRequestAction>([
  'opened',
  'reopened',
  'synchronize',
  'ready_for_review',
  'closed',
  'assigned',
  'review_requested',
  'edited',
]);

/** What an action names beside the pull request (see `PullRequestEvent.detail`). */
const DETAIL_FIELDS = ['assignee', 'requested_reviewer', 'requested_team', 'changes'] as const;

const senderOf = (body: Json): string | null => {
  const login = (body.sender as Json | undefined)?.login;
  return typeof login === 'string' ? login : null;
};

type Json = Record<string, unknown>;

/**
 * The job for deliveries just recorded (one per batch the receiver writes), to be written in the
 * same transaction as their rows. No dedupe key: a row is named by exactly one live job, because
 * rows and job commit together and recovery only takes rows no live job names.
 */
export function deliveriesJob(deliveryRowIds: readonly string[]): JobRequest {
  return {
    kind: WEBHOOK_DELIVERY_JOB,
    payload: { deliveryRowIds },
    options: { maxAttempts: MAX_ATTEMPTS },
  };
}

/** Largest batch a job takes: one job's transaction and event burst stay small. */
const RECOVERY_BATCH = 200;

/**
 * At start: deliveries still `received` that no queued or running job names (an older version
 * wrote row and job apart and died in between, or the job was lost) get a job again, in batches.
 * Deliveries whose job is still queued or running are left to it, so none is processed twice.
 */
export async function enqueuePendingDeliveries(db: Database, queue: JobQueue): Promise<number> {
  let total = 0;
  for (;;) {
    const taken = await queue.enqueueWith(async (tx) => {
      const ids = await queries.claimOrphanedDeliveries(tx, WEBHOOK_DELIVERY_JOB, RECOVERY_BATCH);
      return { value: ids.length, job: ids.length > 0 ? deliveriesJob(ids) : null };
    });
    total += taken;
    if (taken < RECOVERY_BATCH || total >= 100_000) return total;
  }
}

/** The rows a job names: a batch, or the single row of jobs queued by an older version. */
function rowIdsOf(payload: unknown): string[] {
  const { deliveryRowIds, deliveryRowId } = (payload ?? {}) as {
    deliveryRowIds?: unknown;
    deliveryRowId?: unknown;
  };
  if (Array.isArray(deliveryRowIds) && deliveryRowIds.every((id) => typeof id === 'string'))
    return deliveryRowIds as string[];
  if (typeof deliveryRowId === 'string') return [deliveryRowId];
  throw new PermanentJobError(JobErrorCodes.badPayload, 'No delivery named');
}

/**
 * Processes a batch of deliveries in the order received: ping is only acknowledged;
 * pull_request and pull_request_review become typed events on the bus (the pull-request store
 * and review engine subscribe); push marks the repository's mirrors stale. One read and one write
 * for the whole batch, so processing leaves the database (on PGlite, the one connection) to the
 * acknowledgements, and before each delivery it lets the deliveries waiting for their 202 go first
 * (`acksFirst`). The batch's events share one `EventBatch`, so their subscribers look up what they
 * need once per job rather than once per delivery. A delivery already processed is not processed
 * again; one that fails does not hold back the others: the job is retried for the failed ones
 * only, and the last attempt records why on each.
 */
export function createWebhookDeliveryHandler(deps: {
  db: Database;
  events: EventBus;
  forges: ForgeRegistry;
  acksFirst?: AcksFirst;
}): JobHandler {
  return async (payload, context) => {
    const ids = rowIdsOf(payload);
    const deliveries = await queries.findReceivedDeliveries(deps.db, ids);
    const processed: string[] = [];
    const events: Record<string, number> = {};
    const staleMarked: StaleMarked = new Map();
    const batch = new EventBatch();
    let retry: unknown;
    for (const delivery of deliveries) {
      const turn = deps.acksFirst?.turn();
      if (turn) await turn;
      try {
        const outcome = await processDelivery(deps, delivery, { staleMarked, batch });
        processed.push(delivery.id);
        events[outcome.event] = (events[outcome.event] ?? 0) + 1;
      } catch (error) {
        // The last attempt records why, so the delivery is not retried at every start for ever.
        if (error instanceof PermanentJobError || context.attempt >= MAX_ATTEMPTS) {
          const reason = error instanceof Error ? error.message : String(error);
          await queries.markFailed(deps.db, delivery.id, reason);
        } else retry ??= error;
      }
    }
    await queries.markProcessed(deps.db, processed);
    if (retry !== undefined) throw retry;
    return { processed: processed.length, skipped: ids.length - deliveries.length, events };
  };
}

/**
 * Mirrors marked stale by this job, by repository. A later push to the same repository in the batch
 * needs no second mark: both pushes were received before the first mark, so any fetch after it
 * already sees both.
 */
type StaleMarked = Map<string, Promise<number>>;

async function processDelivery(
  deps: { db: Database; events: EventBus; forges: ForgeRegistry },
  delivery: queries.DeliveryRow,
  shared: { staleMarked: StaleMarked; batch: EventBatch },
): Promise<{ event: string; staleMirrors?: number }> {
  const body = delivery.payload as Json;
  const repository = repositoryRef(body);
  switch (delivery.event) {
    case 'pull_request': {
      const action = String(body.action);
      if (!repository || !PULL_REQUEST_ACTIONS.has(action)) return { event: 'ignored' };
      const pullRequest = (body.pull_request ?? {}) as Json;
      const detail: Json = {};
      for (const field of DETAIL_FIELDS) if (body[field] !== undefined) detail[field] = body[field];
      await deps.events.emit(`pull_request.${action as PullRequestAction}`, {
        repository,
        deliveryId: delivery.deliveryId,
        action: action as PullRequestAction,
        number: Number(body.number ?? pullRequest.number),
        pullRequest,
        sender: senderOf(body),
        detail,
        batch: shared.batch,
      });
      return { event: `pull_request.${action}` };
    }
    case 'pull_request_review': {
      if (!repository || body.action !== 'submitted') return { event: 'ignored' };
      const pullRequest = (body.pull_request ?? {}) as Json;
      await deps.events.emit('pull_request_review.submitted', {
        repository,
        deliveryId: delivery.deliveryId,
        number: Number(pullRequest.number),
        pullRequest,
        review: (body.review ?? {}) as Json,
        sender: senderOf(body),
        batch: shared.batch,
      });
      return { event: 'pull_request_review.submitted' };
    }
    case 'push': {
      if (!repository) return { event: 'ignored' };
      const key = repositoryKey(repository);
      const { staleMarked } = shared;
      let marked = staleMarked.get(key);
      if (!marked) {
        marked = markRepositoryStale(deps, repository);
        staleMarked.set(key, marked);
        // A failed mark is tried again by the next push of the batch (and on the job's retry).
        marked.catch(() => staleMarked.delete(key));
      }
      return { event: 'push', staleMirrors: await marked };
    }
    default:
      // ping, and events a hook was not asked for: acknowledged, nothing to do.
      return { event: delivery.event };
  }
}

/** A push moved the repository on: every project mirror of it must fetch before its next analysis. */
async function markRepositoryStale(
  deps: { db: Database; forges: ForgeRegistry },
  repository: ForgeRepositoryRef,
): Promise<number> {
  const rows = await queries.findReposByName(deps.db, repository.owner, repository.repo);
  const urls = rows
    .filter((row) => deps.forges.isOnGitHubHost(row.url, repository.host))
    .map((row) => row.url);
  return queries.markMirrorsStale(deps.db, [...new Set(urls)]);
}

/** The repository a GitHub payload is about, with the web host it lives on. */
export function repositoryRef(body: Json): ForgeRepositoryRef | null {
  const repository = body.repository as Json | undefined;
  const fullName = typeof repository?.full_name === 'string' ? repository.full_name : '';
  const [owner, repo, extra] = fullName.split('/');
  if (!owner || !repo || extra !== undefined) return null;
  let host = 'github.com';
  if (typeof repository?.html_url === 'string') {
    try {
      host = new URL(repository.html_url).host.toLowerCase();
    } catch {
      return null;
    }
  }
  return { forge: 'github', host, owner, repo };
}
