import type { Database } from '../../db/client.js';
import {
  batchOf,
  repositoryKey,
  type EventBatch,
  type ForgeRepositoryRef,
} from '../events/index.js';
import type { ForgeRegistry } from '../forges/index.js';
import * as queries from './queries.js';

export interface RepositoryOwner {
  userId: string;
  /** The project repository's URL (on the event's forge host). */
  url: string;
}

/**
 * The owners of the projects that have the event's repository on its forge host, the projects
 * that installed the webhook first, then the oldest (one row per project). Read once per batch of
 * deliveries and shared by every subscriber: the pull-request store and the review engine both
 * need them for every pull request event.
 */
export function ownersOfEventRepository(
  deps: { db: Database; forges: ForgeRegistry },
  event: { repository: ForgeRepositoryRef; batch?: EventBatch },
): Promise<RepositoryOwner[]> {
  const { repository } = event;
  return batchOf(event).shared(`repository-owners\n${repositoryKey(repository)}`, async () => {
    const rows = await queries.projectOwnersOfRepository(
      deps.db,
      repository.owner,
      repository.repo,
    );
    return rows.filter((row) => deps.forges.isOnGitHubHost(row.url, repository.host));
  });
}
