import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/types.js';
import type { EventBus, ForgeEventName, ForgeRepositoryRef } from '../events/bus.js';
import type { ForgeRegistry } from '../forges/registry.js';
import { sameForgeRepository } from '../webhooks/delivery-job.js';
import { projectOwnersOfRepository } from './queries.js';
import { enqueuePullRequestSync } from './sync-job.js';

const EVENTS: ForgeEventName[] = [
  'pull_request.opened',
  'pull_request.reopened',
  'pull_request.synchronize',
  'pull_request.ready_for_review',
  'pull_request.closed',
  'pull_request_review.submitted',
];

/**
 * Keeps the store current from webhooks: a pull request or review event queues a sync of its
 * repository for each owner of a project that has it (their token reads it, and a private one is
 * stored for them). The sync is incremental and deduplicated, so a burst of deliveries for one
 * repository is one job reading one page, and no payload has to be trusted for the stored data.
 */
export function syncPullRequestsOnEvents(deps: {
  db: Database;
  events: EventBus;
  queue: JobQueue;
  forges: ForgeRegistry;
}): () => void {
  const onEvent = async (event: { repository: ForgeRepositoryRef }) => {
    const { owner, repo, host } = event.repository;
    const rows = await projectOwnersOfRepository(deps.db, owner, repo);
    const users = new Set(
      rows
        .filter((row) => sameForgeRepository(deps.forges, row.url, host))
        .map((row) => row.userId),
    );
    for (const userId of users) await enqueuePullRequestSync(deps.queue, { owner, repo, userId });
  };
  const off = EVENTS.map((name) => deps.events.on(name, onEvent));
  return () => off.forEach((unsubscribe) => unsubscribe());
}
