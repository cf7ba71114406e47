import { JobErrorCodes } from '@rota/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { JobHandler, JobQueue } from '../../jobs/types.js';
import { describeError } from '../../jobs/job-runner.js';
import { isFinalFailure, PermanentJobError } from '../../jobs/types.js';
import { AppError } from '../../lib/errors.js';
import type { EventBus } from '../events/index.js';
import type { ForgeRegistry } from '../forges/index.js';
import { ownedProjectsWithRepository } from '../project-access/index.js';
import { repoKeyOf } from '../../db/repo-key.js';
import { saveFailed, syncRowsFor } from './queries.js';
import { syncPullRequests } from './sync.js';

export const PULL_REQUEST_SYNC_JOB = 'pull-request-sync';

const Payload = z.object({
  forge: z.literal('github'),
  owner: z.string().min(1),
  repo: z.string().min(1),
  /** Whose GitHub token reads it (the project owner's: their private repositories too). */
  userId: z.string().min(1),
});

export interface PullRequestSyncRequest {
  owner: string;
  repo: string;
  userId: string;
}

/**
 * One sync per repository and user at a time: a burst of webhook deliveries, a project created
 * with the same repository twice, or "sync now" pressed repeatedly are one job. (Per user, not per
 * repository alone: a private repository is read with, and stored for, the user who can see it.)
 */
export const pullRequestSyncKey = (request: PullRequestSyncRequest) =>
  `${PULL_REQUEST_SYNC_JOB}:github:${repoKeyOf(request)}:${request.userId}`;

export const pullRequestSyncPayload = (request: PullRequestSyncRequest) =>
  Payload.parse({ forge: 'github', ...request });

export function enqueuePullRequestSync(
  queue: JobQueue,
  request: PullRequestSyncRequest,
  projectId?: string,
) {
  return queue.enqueue(PULL_REQUEST_SYNC_JOB, pullRequestSyncPayload(request), {
    dedupeKey: pullRequestSyncKey(request),
    ownerId: request.userId,
    ...(projectId ? { projectId } : {}),
    maxAttempts: 1,
  });
}

/**
 * Runs a sync through the repository's forge. A failure the forge explains (no such repository, revoked token, rate limit, outage)
 * is recorded on the repository's sync row, whose earlier pull requests stay and are served; the
 * job ends without retrying — the next trigger (webhook, schedule, "sync now") tries again.
 */
export function createPullRequestSyncHandler(deps: {
  db: Database;
  forges: ForgeRegistry;
  events: EventBus;
  now?: () => number;
}): JobHandler {
  const now = deps.now ?? Date.now;
  return async (raw, context) => {
    const parsed = Payload.safeParse(raw);
    if (!parsed.success)
      throw new PermanentJobError(JobErrorCodes.badPayload, 'Malformed sync payload');
    const { owner, repo, userId } = parsed.data;
    const forge = deps.forges.byId(parsed.data.forge)?.pullRequests;
    if (!forge)
      throw new PermanentJobError(JobErrorCodes.noForge, 'This forge has no pull requests to sync');
    const fullName = `${owner}/${repo}`;
    // A sync has one attempt: its failure, the forge's or not, is final (`work.failed`).
    // Told to the projects it was done for: the reading user's, holding the repository on GitHub.
    const failed = async (code: string, message: string) => {
      const projects = (await ownedProjectsWithRepository(deps.db, userId, { owner, repo })).filter(
        (row) => deps.forges.forRepositoryUrl(row.url)?.id === 'github',
      );
      if (projects.length === 0) return;
      await deps.events.emit('work.failed', {
        work: 'sync',
        repository: { url: projects[0]!.url, owner, repo },
        projectIds: projects.map((row) => row.projectId),
        code,
        message,
        jobId: context.jobId,
      });
    };
    try {
      const outcome = await syncPullRequests(
        { db: deps.db, forge, events: deps.events, now, signal: context.signal },
        { owner, repo, userId },
      );
      return { fullName, ...outcome };
    } catch (caught) {
      // Not the forge's answer (database, bug): let the job fail visibly.
      if (!(caught instanceof AppError)) {
        if (isFinalFailure(caught, context)) {
          const { code, message } = describeError(caught);
          await failed(code, message);
        }
        throw caught;
      }
      const error = caught;
      const repoKey = repoKeyOf({ owner, repo });
      const known = (await syncRowsFor(deps.db, 'github', [repoKey], userId)).get(repoKey);
      await saveFailed(deps.db, {
        forge: 'github',
        repoKey,
        // Unknown visibility is kept private: the error names nothing another user should see.
        scope: known?.scope ?? userId,
        error: { code: error.code, message: error.message },
        at: new Date(now()),
      });
      await failed(error.code, error.message);
      return { fullName, stored: false, error: error.code };
    }
  };
}
