import type {
  PullRequest,
  PullRequestList,
  PullRequestListQuery,
  PullRequestRepoSync,
  PullRequestSyncAccepted,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import type { JobHandles } from '../../jobs/handles.js';
import { toJobSummary } from '../../jobs/job-summary.js';
import type { ForgeRegistry } from '../forges/index.js';
import { repoKeyOf } from '../../db/repo-key.js';
import {
  repositoriesOf,
  requireOwnedProject,
  type ProjectRepoRow,
} from '../project-access/index.js';
import * as queries from './queries.js';
import { reviewSummary } from './review-state.js';
import { PULL_REQUEST_SYNC_JOB, pullRequestSyncKey, pullRequestSyncPayload } from './sync-job.js';

export interface PullRequestsServiceDeps {
  db: Database;
  handles: JobHandles;
  forges: ForgeRegistry;
  /** Whether scheduled syncs run (they keep repositories without a webhook current). */
  scheduled: boolean;
  now?: () => number;
}

type RepoRow = ProjectRepoRow;

/**
 * A project's pull requests, from the store only: the list never waits
 * on GitHub. Syncs run as jobs; this service queues them on demand and reports how current each
 * repository is.
 */
export class PullRequestsService {
  constructor(private readonly deps: PullRequestsServiceDeps) {}

  async list(
    userId: string,
    projectId: string,
    query: PullRequestListQuery,
  ): Promise<PullRequestList> {
    const { db } = this.deps;
    const project = await requireOwnedProject(db, userId, projectId);
    const repos = await repositoriesOf(db, project.id);
    const synced = repos.filter((repo) => this.syncable(repo));
    const keys = synced.map((repo) => repoKeyOf(repo));
    const [page, syncRows, live] = await Promise.all([
      queries.listPullRequests(db, {
        forge: 'github',
        repoKeys: keys,
        userId,
        state: query.state,
        search: query.search,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      }),
      queries.syncRowsFor(db, 'github', keys, userId),
      queries.liveSyncJobs(
        db,
        synced.map((repo) => pullRequestSyncKey({ owner: repo.owner, repo: repo.repo, userId })),
      ),
    ]);
    const reviews = await queries.reviewsOf(
      db,
      page.rows.map((row) => row.id),
    );
    const byKey = new Map<string, RepoRow>();
    for (const repo of synced) if (!byKey.has(repoKeyOf(repo))) byKey.set(repoKeyOf(repo), repo);
    const now = this.deps.now?.() ?? Date.now();
    return {
      pullRequests: page.rows.map((row) =>
        toPullRequest(
          row,
          byKey.get(row.repoKey)!,
          reviews.filter((review) => review.pullRequestId === row.id),
          now,
        ),
      ),
      total: page.total,
      page: query.page,
      per_page: query.per_page,
      repositories: repos.map((repo) => this.repoSync(repo, userId, syncRows, live)),
    };
  }

  /** "Sync now": one job per GitHub repository of the project (joined when one is on its way). */
  async syncNow(userId: string, projectId: string): Promise<PullRequestSyncAccepted> {
    const { db } = this.deps;
    const project = await requireOwnedProject(db, userId, projectId);
    const repos = (await repositoriesOf(db, project.id)).filter((repo) => this.syncable(repo));
    const seen = new Set<string>();
    const jobs: PullRequestSyncAccepted['jobs'] = [];
    for (const repo of repos) {
      const request = { owner: repo.owner, repo: repo.repo, userId };
      const held = await this.deps.handles.enqueue(
        { ownerId: userId, projectId: project.id },
        PULL_REQUEST_SYNC_JOB,
        pullRequestSyncPayload(request),
        { dedupeKey: pullRequestSyncKey(request), maxAttempts: 1 },
      );
      if (seen.has(held.job.id)) continue;
      seen.add(held.job.id);
      jobs.push({
        repoId: repo.id,
        full_name: `${repo.owner}/${repo.repo}`,
        job: toJobSummary(held),
      });
    }
    return { projectId: project.id, jobs };
  }

  private syncable(repo: RepoRow): boolean {
    return this.deps.forges.forProjectRepository(repo)?.id === 'github';
  }

  private repoSync(
    repo: RepoRow,
    userId: string,
    rows: Map<string, queries.SyncRow>,
    live: Map<string, 'queued' | 'running'>,
  ): PullRequestRepoSync {
    const base = { repoId: repo.id, name: repo.name, full_name: `${repo.owner}/${repo.repo}` };
    if (!this.syncable(repo)) {
      return {
        ...base,
        status: 'unsupported',
        last_synced_at: null,
        stored: 0,
        kept_current_by: 'none',
        error: null,
      };
    }
    const row = rows.get(repoKeyOf(repo));
    const job = live.get(pullRequestSyncKey({ owner: repo.owner, repo: repo.repo, userId }));
    return {
      ...base,
      status: job ?? (row ? (row.status === 'failed' ? 'failed' : 'synced') : 'never'),
      last_synced_at: row?.lastSyncedAt?.toISOString() ?? null,
      stored: row?.prCount ?? 0,
      kept_current_by: repo.webhookInstalled
        ? 'webhook'
        : this.deps.scheduled
          ? 'schedule'
          : 'none',
      error: row?.status === 'failed' ? row.error : null,
    };
  }
}

function toPullRequest(
  row: queries.PullRequestRow,
  repo: RepoRow,
  reviews: queries.ReviewRow[],
  now: number,
): PullRequest {
  const { reviewState, reviewers } = reviewSummary({
    authorLogin: row.authorLogin,
    reviews,
    requests: row.reviewRequests,
  });
  const end = row.mergedAt ?? row.closedAt;
  return {
    id: row.id,
    repository: { repoId: repo.id, name: repo.name, full_name: `${repo.owner}/${repo.repo}` },
    number: row.number,
    title: row.title,
    state: row.state,
    draft: row.draft,
    user: row.authorLogin
      ? { login: row.authorLogin, avatar_url: row.authorAvatarUrl, is_bot: row.authorIsBot }
      : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
    merged_at: row.mergedAt?.toISOString() ?? null,
    head: { ref: row.headRef, sha: row.headSha },
    base: { ref: row.baseRef },
    url: row.url,
    additions: row.additions,
    deletions: row.deletions,
    changed_files: row.changedFiles,
    age_seconds: Math.max(
      0,
      Math.floor(((end?.getTime() ?? now) - row.createdAt.getTime()) / 1000),
    ),
    review_state: reviewState,
    reviewers,
    comments: row.comments,
  };
}
