import { ErrorCodes, PullRequestMessages } from '@rota/contracts';
import { AppError } from '../../lib/errors.js';
import type { GitHubClients, GitHubOctokit } from '../github/index.js';
import { FROM_CACHE_HEADER, gitHubError, gitHubGraphqlError } from '../github/index.js';
import type {
  ForgePullRequests,
  PullRequestDetails,
  PullRequestFiles,
  PullRequestTarget,
} from './forge.js';
import { readPullRequest, readPullRequestFiles } from './github-pull-request-review.js';
import { toPullRequestRecord, toReviewRecord } from './github-pr-map.js';
import {
  MORE_REVIEWS_QUERY,
  PULL_REQUEST_PAGE_QUERY,
  type GitHubPullRequestNode,
  type GitHubReviewNode,
  type MoreReviewsAnswer,
  type PullRequestPageAnswer,
} from './github-pr-query.js';
import type { PullRequestPage } from './pull-request-records.js';

/**
 * GitHub's pull requests for the sync, through the user's own client (`GitHubClients.forUser`:
 * throttling, retries, ETags). The change check is one conditional REST call for the most recently
 * updated pull request; the reading is GraphQL, 100 pull requests a call with their reviews nested.
 */
export class GitHubPullRequests implements ForgePullRequests {
  constructor(private readonly clients: GitHubClients) {}

  async unchangedSinceLastLook(target: PullRequestTarget): Promise<boolean> {
    const octokit = await this.octokitFor(target.userId);
    try {
      const probe = await octokit.request('GET /repos/{owner}/{repo}/pulls', {
        owner: target.owner,
        repo: target.repo,
        state: 'all',
        sort: 'updated',
        direction: 'desc',
        per_page: 1,
      });
      const cached = (probe.headers as Record<string, unknown>)[FROM_CACHE_HEADER];
      // GitHub failed and only an old answer was at hand: no proof of "unchanged".
      if (cached === 'stale') throw gitHubError({ status: 502 });
      return cached === 'revalidated';
    } catch (caught) {
      throw gitHubGraphqlError(caught);
    }
  }

  async *updatedSince(
    target: PullRequestTarget,
    since: Date | null,
  ): AsyncGenerator<PullRequestPage> {
    const octokit = await this.octokitFor(target.userId);
    let after: string | null = null;
    for (;;) {
      const answer: PullRequestPageAnswer = await octokit
        .graphql<PullRequestPageAnswer>(PULL_REQUEST_PAGE_QUERY, {
          owner: target.owner,
          name: target.repo,
          after,
        })
        .catch((caught: unknown) => Promise.reject(gitHubGraphqlError(caught)));
      const repository = answer.repository;
      if (!repository) throw gitHubError({ status: 404 });
      const nodes = repository.pullRequests.nodes.filter(
        (node): node is GitHubPullRequestNode => !!node,
      );
      // Not `>`: several pull requests can share the watermark's second; one read again is cheap.
      const changed = since ? nodes.filter((node) => new Date(node.updatedAt) >= since) : nodes;
      const pulls = [];
      for (const node of changed) {
        const reviews = await allReviews(octokit, target, node);
        pulls.push({ pull: toPullRequestRecord(node), reviews: reviews.map(toReviewRecord) });
      }
      yield { private: repository.isPrivate, pulls };
      const { hasNextPage, endCursor } = repository.pullRequests.pageInfo;
      if (changed.length < nodes.length || !hasNextPage || !endCursor) return;
      after = endCursor;
    }
  }

  async details(target: PullRequestTarget, number: number): Promise<PullRequestDetails> {
    const { octokit } = await this.clients.forUser(target.userId);
    return readPullRequest(octokit, target, number);
  }

  async files(target: PullRequestTarget, number: number): Promise<PullRequestFiles> {
    const { octokit } = await this.clients.forUser(target.userId);
    return readPullRequestFiles(octokit, target, number);
  }

  private async octokitFor(userId: string): Promise<GitHubOctokit> {
    const { octokit, credential } = await this.clients.forUser(userId);
    // GitHub's GraphQL API answers nobody without a token.
    if (credential.kind === 'anonymous')
      throw new AppError(ErrorCodes.githubNotConnected, PullRequestMessages.githubNotConnected);
    return octokit;
  }
}

/** A pull request's reviews: the nested first 100, then the rest page by page (never capped). */
async function allReviews(
  octokit: GitHubOctokit,
  target: PullRequestTarget,
  node: GitHubPullRequestNode,
): Promise<GitHubReviewNode[]> {
  const reviews = (node.reviews?.nodes ?? []).filter(
    (review): review is GitHubReviewNode => !!review,
  );
  let pageInfo = node.reviews?.pageInfo;
  while (pageInfo?.hasNextPage && pageInfo.endCursor) {
    const answer: MoreReviewsAnswer = await octokit
      .graphql<MoreReviewsAnswer>(MORE_REVIEWS_QUERY, {
        owner: target.owner,
        name: target.repo,
        number: node.number,
        after: pageInfo.endCursor,
      })
      .catch((caught: unknown) => Promise.reject(gitHubGraphqlError(caught)));
    const more = answer.repository?.pullRequest?.reviews;
    if (!more) break; // deleted meanwhile: the next sync stores what is left
    reviews.push(...more.nodes.filter((review): review is GitHubReviewNode => !!review));
    pageInfo = more.pageInfo;
  }
  return reviews;
}
