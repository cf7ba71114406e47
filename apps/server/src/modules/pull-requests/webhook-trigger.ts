import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/types.js';
import type { EventBus, ForgeEventName, ForgeRepositoryRef } from '../events/index.js';
import { batchOf, type EventBatch } from '../events/index.js';
import type { ForgeRegistry } from '../forges/index.js';
import { ownersOfEventRepository } from '../project-access/index.js';
import { enqueuePullRequestSync, pullRequestSyncKey } from './sync-job.js';

const EVENTS: ForgeEventName[] = [
  'pull_request.opened',
  'pull_request.reopened',
  'pull_request.synchronize',
  'pull_request.ready_for_review',
  'pull_request.closed',
  // Assignees, requested reviewers, title and body are stored too.
  'pull_request.assigned',
  'pull_request.review_requested',
  'pull_request.edited',
  'pull_request_review.submitted',
];

/**
 * Keeps the store current from webhooks: a pull request or review event queues a sync of its
 * repository for each owner of a project that has it (their token reads it, and a private one is
 * stored for them). The sync is incremental and deduplicated, so a burst of deliveries for one
 * repository is one job reading one page, and no payload has to be trusted for the stored data.
 *
 * Within a batch of deliveries, a sync found *queued* covers the rest of the batch (it starts after
 * every delivery of the batch was recorded, so it reads what they announce): later events of the
 * batch ask for nothing. A sync found *running* may have read the forge before some of them, so
 * the next event asks again, as before.
 */
export function syncPullRequestsOnEvents(deps: {
  db: Database;
  events: EventBus;
  queue: JobQueue;
  forges: ForgeRegistry;
}): () => void {
  const onEvent = async (event: { repository: ForgeRepositoryRef; batch?: EventBatch }) => {
    const { owner, repo } = event.repository;
    const batch = batchOf(event);
    const owners = await ownersOfEventRepository(deps, { ...event, batch });
    for (const userId of new Set(owners.map((row) => row.userId))) {
      const request = { owner, repo, userId };
      await batch.once(pullRequestSyncKey(request), async () => {
        const job = await enqueuePullRequestSync(deps.queue, request);
        return job.status === 'queued';
      });
    }
  };
  const off = EVENTS.map((name) => deps.events.on(name, onEvent));
  return () => off.forEach((unsubscribe) => unsubscribe());
}
