import { ErrorCodes, PullRequestMessages } from '@rota/contracts';
import { AppError } from '../../lib/errors.js';
import type { GitHubClients, GitHubOctokit } from '../github/index.js';
import { gitHubError } from '../github/index.js';
import {
  OwnPullRequestRefusal,
  type CommitStatus,
  type ForgeReviewPublishing,
  type PostedReview,
  type PullRequestTarget,
} from './forge.js';

interface GitHubFailure {
  status?: number;
  response?: { data?: { message?: unknown; errors?: unknown } };
}

/**
 * GitHub answers 422 "Unprocessable Entity" with `errors: ["Can not approve your own pull
 * request"]` (or "request changes on") when the token's user wrote the pull request.
 */
const OWN_PULL_REQUEST = /own pull request/i;

/**
 * Rota's reviews on GitHub, through the user's own client: `POST /repos/{o}/{r}/pulls/{n}/reviews`
 * (submitted at once with its event) and `POST /repos/{o}/{r}/statuses/{sha}`. Both need write
 * access; an anonymous or server credential is refused before calling GitHub.
 */
export class GitHubReviewPublishing implements ForgeReviewPublishing {
  constructor(private readonly clients: GitHubClients) {}

  async postReview(target: PullRequestTarget, review: PostedReview) {
    const octokit = await this.octokitFor(target.userId);
    try {
      const answer = await octokit.request(
        'POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews',
        {
          owner: target.owner,
          repo: target.repo,
          pull_number: review.number,
          commit_id: review.commitId,
          event: review.event,
          body: review.body,
          comments: review.comments,
        },
      );
      // JSON numbers: GitHub's ids fit a double (the bigint in its types is for other clients).
      return { reviewId: Number(answer.data.id) };
    } catch (caught) {
      throw refusal(caught);
    }
  }

  async postStatus(target: PullRequestTarget, sha: string, status: CommitStatus) {
    const octokit = await this.octokitFor(target.userId);
    try {
      await octokit.request('POST /repos/{owner}/{repo}/statuses/{sha}', {
        owner: target.owner,
        repo: target.repo,
        sha,
        state: status.state,
        description: status.description,
        target_url: status.targetUrl,
        context: status.context,
      });
    } catch (caught) {
      throw refusal(caught);
    }
  }

  private async octokitFor(userId: string): Promise<GitHubOctokit> {
    const { octokit, credential } = await this.clients.forUser(userId);
    // Never the server's token: a review is posted in the name of a person who chose to publish.
    if (credential.kind !== 'user')
      throw new AppError(ErrorCodes.githubNotConnected, PullRequestMessages.githubNotConnected);
    return octokit;
  }
}

/** GitHub's 422 with its own words (or the own-pull-request refusal); the rest as gitHubError. */
function refusal(caught: unknown): Error {
  const error = (caught ?? {}) as GitHubFailure;
  if (error.status !== 422) return gitHubError(caught);
  const data = error.response?.data;
  const details = Array.isArray(data?.errors)
    ? data.errors.map((item) =>
        typeof item === 'string' ? item : String((item as { message?: unknown }).message ?? ''),
      )
    : [];
  const text = [typeof data?.message === 'string' ? data.message : '', ...details]
    .filter(Boolean)
    .join(': ');
  if (OWN_PULL_REQUEST.test(text)) return new OwnPullRequestRefusal(text);
  return new AppError(
    ErrorCodes.reviewPublishRejected,
    `GitHub refused the review${text ? `: ${text}` : '.'}`,
  );
}
