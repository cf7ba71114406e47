import { JobErrorCodes } from '@rota/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { JobHandler, JobQueue } from '../../jobs/types.js';
import { PermanentJobError } from '../../jobs/types.js';
import { AppError } from '../../lib/errors.js';
import type { GitHubClients } from '../github/index.js';
import { gitHubError } from '../github/index.js';
import { readRepo, ServedStaleError } from './read-repo.js';
import { saveFailure, saveSnapshot } from './queries.js';
import { repoKeyOf } from '../../db/repo-key.js';
import { type RepoRef } from './snapshot.js';
import type { EventBus } from '../events/index.js';

export const GITHUB_REPO_REFRESH_JOB = 'github-repo-refresh';

const Payload = z.object({
  forge: z.literal('github'),
  owner: z.string().min(1),
  repo: z.string().min(1),
  /** Whose GitHub token reads it: the project owner's (their private repositories too). */
  userId: z.string().min(1),
});
type Payload = z.infer<typeof Payload>;

/**
 * Queues a refresh. One per repository and user at a time: a list of fifty projects sharing a
 * repository queues it once. (Per user, not per repository alone: a private repository is read
 * with, and stored for, the user whose token can see it.)
 */
export function enqueueRepoRefresh(queue: JobQueue, ref: RepoRef, userId: string) {
  const payload: Payload = { forge: ref.forge, owner: ref.owner, repo: ref.repo, userId };
  return queue.enqueue(GITHUB_REPO_REFRESH_JOB, payload, {
    dedupeKey: `${GITHUB_REPO_REFRESH_JOB}:${ref.forge}:${repoKeyOf(ref)}:${userId}`,
    ownerId: userId,
    maxAttempts: 1,
  });
}

/**
 * Reads a repository from GitHub and stores it. A failure GitHub explains (404, revoked token,
 * rate limit, outage) is stored with the repository, whose earlier data stays and is served marked
 * stale; the job then ends without retrying — the next read past the threshold queues another.
 */
export function createRepoRefreshHandler(deps: {
  db: Database;
  clients: GitHubClients;
  events: EventBus;
  now?: () => number;
}): JobHandler {
  return async (raw) => {
    const parsed = Payload.safeParse(raw);
    if (!parsed.success)
      throw new PermanentJobError(JobErrorCodes.badPayload, 'Malformed refresh payload');
    const { userId, ...ref } = parsed.data;
    const repoKey = repoKeyOf(ref);
    const at = new Date(deps.now?.() ?? Date.now());
    const { octokit, credential } = await deps.clients.forUser(userId);
    try {
      const data = await readRepo(octokit, ref, credential.kind !== 'anonymous');
      const scope = data.repository.private ? userId : '';
      await saveSnapshot(deps.db, { forge: ref.forge, repoKey, scope, data, at });
      await deps.events.emit('repository-figures.stored', { forge: ref.forge, repoKey });
      return { fullName: data.repository.full_name, stored: true };
    } catch (caught) {
      const error =
        caught instanceof ServedStaleError
          ? gitHubError({ status: 502 })
          : caught instanceof AppError ||
              typeof (caught as { status?: unknown })?.status === 'number'
            ? gitHubError(caught)
            : null;
      if (!error) throw caught; // not GitHub's answer (database, bug): let the job fail visibly
      await saveFailure(deps.db, {
        forge: ref.forge,
        repoKey,
        userId,
        error: { code: error.code, message: error.message },
        at,
      });
      return { fullName: `${ref.owner}/${ref.repo}`, stored: false, error: error.code };
    }
  };
}
