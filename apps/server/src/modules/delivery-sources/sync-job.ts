import { JobErrorCodes } from '@rota/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { repoKeyOf } from '../../db/repo-key.js';
import type { JobHandler, JobQueue } from '../../jobs/types.js';
import { PermanentJobError } from '../../jobs/types.js';
import { AppError } from '../../lib/errors.js';
import type { EventBus } from '../events/index.js';
import type { GitHubClients } from '../github/index.js';
import { syncDelivery } from './sync.js';

export const DELIVERY_SYNC_JOB = 'delivery-sync';

const Payload = z.object({
  forge: z.literal('github'),
  owner: z.string().min(1),
  repo: z.string().min(1),
  /** Whose GitHub token reads it (the project owner's, as for the pull-request sync). */
  userId: z.string().min(1),
});

export interface DeliverySyncRequest {
  owner: string;
  repo: string;
  userId: string;
}

/** One delivery sync per repository and reading user at a time (a burst of triggers is one job). */
export const deliverySyncKey = (request: DeliverySyncRequest) =>
  `${DELIVERY_SYNC_JOB}:github:${repoKeyOf(request)}:${request.userId}`;

export function enqueueDeliverySync(
  queue: JobQueue,
  request: DeliverySyncRequest,
  projectId?: string,
) {
  return queue.enqueue(DELIVERY_SYNC_JOB, Payload.parse({ forge: 'github', ...request }), {
    dedupeKey: deliverySyncKey(request),
    ownerId: request.userId,
    ...(projectId ? { projectId } : {}),
    maxAttempts: 1,
  });
}

/**
 * Reads a repository's deployments, releases, workflow runs and labelled issues from GitHub.
 * What GitHub answered for each source is recorded in `delivery_syncs`; a failure to reach the
 * repository at all (no such repository, revoked token, rate limit) ends the job with its code,
 * without retrying — the next pull-request sync of the repository queues another.
 */
export function createDeliverySyncHandler(deps: {
  db: Database;
  clients: GitHubClients;
  events: EventBus;
  now?: () => number;
}): JobHandler {
  const now = deps.now ?? Date.now;
  return async (raw, context) => {
    const parsed = Payload.safeParse(raw);
    if (!parsed.success)
      throw new PermanentJobError(JobErrorCodes.badPayload, 'Malformed delivery sync payload');
    const { owner, repo, userId } = parsed.data;
    const fullName = `${owner}/${repo}`;
    try {
      const outcome = await syncDelivery(
        { db: deps.db, clients: deps.clients, events: deps.events, now, signal: context.signal },
        { owner, repo, userId },
      );
      return { fullName, ...outcome };
    } catch (caught) {
      if (!(caught instanceof AppError)) throw caught;
      return { fullName, stored: false, error: caught.code };
    }
  };
}

/**
 * The pull-request sync's handler, queueing a delivery sync of the same repository for the same
 * user once it finished (whatever it found: deployments move without pull requests changing).
 */
export function thenSyncDelivery(pullRequestSync: JobHandler, queue: () => JobQueue): JobHandler {
  return async (payload, context) => {
    const result = await pullRequestSync(payload, context);
    const parsed = Payload.safeParse(payload);
    if (parsed.success) {
      const { owner, repo, userId } = parsed.data;
      await enqueueDeliverySync(queue(), { owner, repo, userId });
    }
    return result;
  };
}
