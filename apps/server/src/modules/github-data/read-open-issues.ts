import type { GitHubOctokit } from '../github/index.js';
import { gitHubError, gitHubGraphqlError } from '../github/index.js';
import type { RepoRef } from './snapshot.js';

/**
 * Open issues only. REST's `open_issues_count` counts open pull requests too, so it is not the
 * issue count; GraphQL's `issues` connection holds issues alone. `first: 1` because GitHub wants
 * a page size on every connection; only `totalCount` is read, at one point of the GraphQL budget.
 */
const OPEN_ISSUES_QUERY = `query OpenIssues($owner: String!, $name: String!) {
  repository(owner: $owner, name: $name) { issues(states: OPEN, first: 1) { totalCount } }
}`;

interface OpenIssuesAnswer {
  repository: { issues: { totalCount: number } } | null;
}

/** The repository's open-issue count; GitHub's refusals as the AppError that names them. */
export async function readOpenIssues(octokit: GitHubOctokit, ref: RepoRef): Promise<number> {
  const answer = await octokit
    .graphql<OpenIssuesAnswer>(OPEN_ISSUES_QUERY, { owner: ref.owner, name: ref.repo })
    .catch((caught: unknown) => Promise.reject(gitHubGraphqlError(caught)));
  if (!answer.repository) throw gitHubError({ status: 404 });
  return answer.repository.issues.totalCount;
}
