import type { Database } from '../../db/client.js';
import type { JobHandler, JobQueue } from '../../jobs/types.js';
import { PermanentJobError } from '../../jobs/types.js';
import type { EventBus, ForgeRepositoryRef, PullRequestAction } from '../events/bus.js';
import type { ForgeRegistry } from '../forges/registry.js';
import * as queries from './queries.js';

export const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';
const MAX_ATTEMPTS = 5;

/** The pull request actions the review engine acts on; others (labeled, assigned, …) are not. */
const PULL_REQUEST_ACTIONS: ReadonlySet<string> = new Set<PullRequestAction>([
  'opened',
  'reopened',
  'synchronize',
  'ready_for_review',
  'closed',
]);

type Json = Record<string, unknown>;

/** Puts a recorded delivery on the queue; its id is the dedupe key, so asking twice is one job. */
export function enqueueDelivery(queue: JobQueue, deliveryRowId: string) {
  return queue.enqueue(
    WEBHOOK_DELIVERY_JOB,
    { deliveryRowId },
    { dedupeKey: `webhook:${deliveryRowId}`, maxAttempts: MAX_ATTEMPTS },
  );
}

/**
 * At start: deliveries recorded but never processed (the process died between recording and
 * enqueueing, or the queue lost them) are enqueued again. Idempotent: a delivery still queued or
 * running is one job (dedupe), one already processed is skipped by the handler.
 */
export async function enqueuePendingDeliveries(db: Database, queue: JobQueue): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await queries.listPendingDeliveries(db, 500);
    for (const id of ids) await enqueueDelivery(queue, id);
    total += ids.length;
    // Pending rows stay pending until their job runs, so one pass over what exists is enough.
    if (ids.length < 500) return total;
    if (total >= 100_000) return total;
  }
}

/**
 * Processes one delivery: ping is only acknowledged; pull_request and pull_request_review become
 * typed events on the bus (the pull-request store and review engine subscribe); push marks the
 * repository's mirrors stale. A delivery already processed is not processed again.
 */
export function createWebhookDeliveryHandler(deps: {
  db: Database;
  events: EventBus;
  forges: ForgeRegistry;
}): JobHandler {
  return async (payload, context) => {
    const rowId = (payload as { deliveryRowId?: unknown } | null)?.deliveryRowId;
    if (typeof rowId !== 'string') throw new PermanentJobError('BAD_PAYLOAD', 'No delivery named');
    const delivery = await queries.findDelivery(deps.db, rowId);
    if (!delivery) throw new PermanentJobError('NOT_FOUND', 'Delivery not found');
    if (delivery.status !== 'received') return { skipped: delivery.status };
    try {
      const outcome = await processDelivery(deps, delivery);
      await queries.markDelivery(deps.db, delivery.id, { status: 'processed' });
      return outcome;
    } catch (error) {
      // The last attempt records why, so the delivery is not retried at every start for ever.
      if (error instanceof PermanentJobError || context.attempt >= MAX_ATTEMPTS) {
        await queries.markDelivery(deps.db, delivery.id, {
          status: 'failed',
          error: error instanceof Error ? error.message : String(error),
        });
      }
      throw error;
    }
  };
}

async function processDelivery(
  deps: { db: Database; events: EventBus; forges: ForgeRegistry },
  delivery: queries.DeliveryRow,
): Promise<Json> {
  const body = delivery.payload as Json;
  const repository = repositoryRef(body);
  switch (delivery.event) {
    case 'pull_request': {
      const action = String(body.action);
      if (!repository || !PULL_REQUEST_ACTIONS.has(action)) return { event: 'ignored' };
      const pullRequest = (body.pull_request ?? {}) as Json;
      await deps.events.emit(`pull_request.${action as PullRequestAction}`, {
        repository,
        deliveryId: delivery.deliveryId,
        action: action as PullRequestAction,
        number: Number(body.number ?? pullRequest.number),
        pullRequest,
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
      });
      return { event: 'pull_request_review.submitted' };
    }
    case 'push': {
      if (!repository) return { event: 'ignored' };
      const rows = await queries.findReposByName(deps.db, repository.owner, repository.repo);
      const urls = rows
        .filter((row) => sameForgeRepository(deps.forges, row.url, repository.host))
        .map((row) => row.url);
      return {
        event: 'push',
        staleMirrors: await queries.markMirrorsStale(deps.db, [...new Set(urls)]),
      };
    }
    default:
      // ping, and events a hook was not asked for: acknowledged, nothing to do.
      return { event: delivery.event };
  }
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

/** Whether a project repository URL is the payload's repository on the same GitHub host. */
export function sameForgeRepository(forges: ForgeRegistry, url: string, host: string): boolean {
  if (forges.forRepositoryUrl(url)?.id !== 'github') return false;
  try {
    const urlHost = new URL(url).host.toLowerCase();
    return urlHost === host || (isGitHubDotCom(urlHost) && isGitHubDotCom(host));
  } catch {
    return false;
  }
}

const isGitHubDotCom = (host: string) => host === 'github.com' || host === 'www.github.com';
