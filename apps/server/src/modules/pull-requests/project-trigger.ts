import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../jobs/types.js';
import { repoKeyOf } from '../../db/repo-key.js';
import type { EventBus } from '../events/index.js';
import type { ForgeRegistry } from '../forges/index.js';
import { enqueuePullRequestSync } from './sync-job.js';

/**
 * A project saved from its form has the pull requests of its GitHub repositories synced
 * (incremental: a repository already stored costs a call or two).
 */
export function syncSavedProjects(deps: {
  events: EventBus;
  queue: JobQueue;
  forges: ForgeRegistry;
  logger: FastifyBaseLogger;
}): void {
  deps.events.on('project.saved', async ({ ownerId, repositories }) => {
    const github = repositories.filter(
      (repo) => deps.forges.forProjectRepository(repo)?.id === 'github',
    );
    await Promise.all(
      github.map(async (repo) => {
        try {
          await enqueuePullRequestSync(deps.queue, {
            owner: repo.owner,
            repo: repo.repo,
            userId: ownerId,
          });
        } catch (error) {
          // The project is saved; "sync now", a webhook or the schedule queues it again.
          deps.logger.warn(
            { err: error, repo: repoKeyOf(repo) },
            'could not queue a pull request sync',
          );
        }
      }),
    );
  });
}
