import type { Database } from '../../db/client.js';
import type { GitHubOctokit } from '../github/client-factory.js';
import { FROM_CACHE_HEADER } from '../github/conditional-requests.js';
import { gitHubError } from '../github/github-errors.js';
import { repoKeyOf } from '../github-data/snapshot.js';
import {
  MORE_REVIEWS_QUERY,
  PULL_REQUEST_PAGE_QUERY,
  type GitHubPullRequestNode,
  type GitHubReviewNode,
  type MoreReviewsAnswer,
  type PullRequestPageAnswer,
} from './github-query.js';
import { toPullRequestRecord, toReviewRecord } from './map-node.js';
import { dropOtherCopy, savePage, saveSynced, syncRowsFor } from './queries.js';

export interface SyncTarget {
  owner: string;
  repo: string;
  /** Whose token reads it; a private repository is stored for this user only. */
  userId: string;
}

export interface SyncOutcome {
  /** Whether GitHub said nothing changed since the last complete sync (the free 304). */
  unchanged: boolean;
  /** Pull requests read and stored this time. */
  stored: number;
  scope: string | null;
}

/**
 * Syncs one repository's pull requests into the store, as cheaply as GitHub allows:
 *
 * 1. A conditional REST probe for the most recently updated pull request. Its 304 (free of rate
 *    limit) means nothing changed since this token's last probe; when the last sync also completed,
 *    the store is current and the sync ends after one call.
 * 2. Otherwise GraphQL pages of 100, newest activity first, each stored as it arrives (memory holds
 *    one page), stopping at the first pull request not updated since the watermark.
 *
 * The watermark only moves when every page was stored, so a sync that fails half way is read again
 * from the same point next time; what it stored stays.
 */
export async function syncPullRequests(
  deps: { db: Database; octokit: GitHubOctokit; now: () => number; signal?: AbortSignal },
  target: SyncTarget,
): Promise<SyncOutcome> {
  const { db, octokit } = deps;
  const forge = 'github';
  const repoKey = repoKeyOf(target);
  const known = (await syncRowsFor(db, forge, [repoKey], target.userId)).get(repoKey);
  const probe = await octokit.request('GET /repos/{owner}/{repo}/pulls', {
    owner: target.owner,
    repo: target.repo,
    state: 'all',
    sort: 'updated',
    direction: 'desc',
    per_page: 1,
  });
  const cached = probe.headers[FROM_CACHE_HEADER as 'etag'];
  // GitHub failed and only an old answer was at hand: that is no proof of "unchanged".
  if (cached === 'stale') throw gitHubError({ status: 502 });
  if (cached === 'revalidated' && known?.status === 'synced') {
    await saveSynced(db, {
      forge,
      repoKey,
      scope: known.scope,
      watermark: known.watermark,
      at: at(deps),
    });
    return { unchanged: true, stored: 0, scope: known.scope };
  }

  let watermark = known?.watermark ?? null;
  let scope: string | null = null;
  let newest: Date | null = null;
  let stored = 0;
  let after: string | null = null;
  for (;;) {
    deps.signal?.throwIfAborted();
    const answer: PullRequestPageAnswer = await octokit.graphql<PullRequestPageAnswer>(
      PULL_REQUEST_PAGE_QUERY,
      { owner: target.owner, name: target.repo, after },
    );
    const repository = answer.repository;
    if (!repository) throw gitHubError({ status: 404 });
    if (scope === null) {
      scope = repository.isPrivate ? target.userId : '';
      // The watermark belongs to the copy it was kept for; a repository that changed visibility
      // starts a fresh copy, read in full.
      if (!known || known.scope !== scope) watermark = null;
      await dropOtherCopy(db, { forge, repoKey, scope, userId: target.userId });
    }
    const nodes = repository.pullRequests.nodes.filter(
      (node): node is GitHubPullRequestNode => !!node,
    );
    // Not `>`: several pull requests can share the watermark's second; reading one again is cheap.
    const changed = watermark
      ? nodes.filter((node) => new Date(node.updatedAt) >= watermark!)
      : nodes;
    newest ??= changed[0] ? new Date(changed[0].updatedAt) : null;
    const page = [];
    for (const node of changed) {
      page.push({
        pull: toPullRequestRecord(node),
        reviews: (await allReviews(octokit, target, node)).map(toReviewRecord),
      });
    }
    await savePage(db, { forge, repoKey, scope, at: at(deps) }, page);
    stored += page.length;
    const { hasNextPage, endCursor } = repository.pullRequests.pageInfo;
    if (changed.length < nodes.length || !hasNextPage || !endCursor) break;
    after = endCursor;
  }
  await saveSynced(db, { forge, repoKey, scope, watermark: newest ?? watermark, at: at(deps) });
  return { unchanged: false, stored, scope };
}

const at = (deps: { now: () => number }) => new Date(deps.now());

/** A pull request's reviews: the nested first 100, then the rest page by page (never capped). */
async function allReviews(
  octokit: GitHubOctokit,
  target: SyncTarget,
  node: GitHubPullRequestNode,
): Promise<GitHubReviewNode[]> {
  const reviews = (node.reviews?.nodes ?? []).filter(
    (review): review is GitHubReviewNode => !!review,
  );
  let pageInfo = node.reviews?.pageInfo;
  while (pageInfo?.hasNextPage && pageInfo.endCursor) {
    const answer: MoreReviewsAnswer = await octokit.graphql<MoreReviewsAnswer>(MORE_REVIEWS_QUERY, {
      owner: target.owner,
      name: target.repo,
      number: node.number,
      after: pageInfo.endCursor,
    });
    const more = answer.repository?.pullRequest?.reviews;
    if (!more) break; // deleted meanwhile: the next sync stores what is left
    reviews.push(...more.nodes.filter((review): review is GitHubReviewNode => !!review));
    pageInfo = more.pageInfo;
  }
  return reviews;
}
