/**
 * What the sync asks GitHub's GraphQL API for: pages of 100 pull requests, newest activity first,
 * each with everything the metrics need and its first 100 reviews nested, so a repository of
 * 10,000 pull requests takes about a hundred calls, not tens of thousands of REST calls.
 *
 * The cost, by GitHub's rules (at most 500,000 nodes a call; a call costs its requested
 * connections / 100 points): 100 pull requests × (100 reviews + 100 review requests + the last
 * 100 commit messages + 1 first commit + 1 comment count + 1 ready-for-review event) ≈ 30,300
 * nodes, about 7 points a page. The commit messages (their `Co-authored-by:` trailers name AI
 * agents) are the last 100: a pull request of more commits is judged by its latest ones.
 */

const ACTOR = '__typename login avatarUrl';

const REVIEWS = `pageInfo { hasNextPage endCursor }
  nodes { id state submittedAt author { ${ACTOR} } }`;

const PULL_REQUEST_FIELDS = `
  id number title state isDraft url
  createdAt updatedAt closedAt mergedAt
  additions deletions changedFiles
  headRefName headRefOid baseRefName
  mergeCommit { oid }
  author { ${ACTOR} }
  commits(first: 1) { nodes { commit { authoredDate committedDate } } }
  messages: commits(last: 100) { nodes { commit { message } } }
  timelineItems(itemTypes: [READY_FOR_REVIEW_EVENT], last: 1) {
    nodes { __typename ... on ReadyForReviewEvent { createdAt } }
  }
  comments(first: 1) { totalCount }
  reviewRequests(first: 100) {
    nodes { requestedReviewer {
      __typename
      ... on User { login avatarUrl }
      ... on Bot { login avatarUrl }
      ... on Mannequin { login avatarUrl }
      ... on Team { slug }
    } }
  }
  reviews(first: 100) { ${REVIEWS} }`;

export const PULL_REQUEST_PAGE_QUERY = `
query RotaPullRequestPage($owner: String!, $name: String!, $after: String) {
  repository(owner: $owner, name: $name) {
    isPrivate
    pullRequests(first: 100, after: $after, orderBy: { field: UPDATED_AT, direction: DESC }) {
      pageInfo { hasNextPage endCursor }
      nodes { ${PULL_REQUEST_FIELDS} }
    }
  }
}`;

/** The reviews after the first 100 of one pull request (rare: a long-argued change). */
export const MORE_REVIEWS_QUERY = `
query RotaPullRequestReviews($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) { reviews(first: 100, after: $after) { ${REVIEWS} } }
  }
}`;

export interface GitHubActor {
  __typename: string;
  login: string;
  avatarUrl: string | null;
}

export interface GitHubReviewNode {
  id: string;
  state: 'PENDING' | 'COMMENTED' | 'APPROVED' | 'CHANGES_REQUESTED' | 'DISMISSED';
  submittedAt: string | null;
  author: GitHubActor | null;
}

export interface GitHubReviewPage {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: Array<GitHubReviewNode | null>;
}

export interface GitHubPullRequestNode {
  id: string;
  number: number;
  title: string;
  state: 'OPEN' | 'CLOSED' | 'MERGED';
  isDraft: boolean;
  url: string;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  mergedAt: string | null;
  additions: number;
  deletions: number;
  changedFiles: number;
  headRefName: string;
  headRefOid: string;
  baseRefName: string;
  /** The commit the merge put on the base branch; null until merged. */
  mergeCommit: { oid: string } | null;
  author: GitHubActor | null;
  commits: { nodes: Array<{ commit: { authoredDate: string; committedDate: string } } | null> };
  /** The last 100 commits' messages (the alias of a second `commits` connection). */
  messages: { nodes: Array<{ commit: { message: string } } | null> };
  /** The last time it was marked ready for review (none when it was never a draft). */
  timelineItems: { nodes: Array<{ __typename: string; createdAt?: string } | null> } | null;
  comments: { totalCount: number };
  reviewRequests: {
    nodes: Array<{
      requestedReviewer: (Partial<GitHubActor> & { __typename: string; slug?: string }) | null;
    } | null>;
  } | null;
  reviews: GitHubReviewPage | null;
}

export interface PullRequestPageAnswer {
  repository: {
    isPrivate: boolean;
    pullRequests: {
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      nodes: Array<GitHubPullRequestNode | null>;
    };
  } | null;
}

export interface MoreReviewsAnswer {
  repository: { pullRequest: { reviews: GitHubReviewPage | null } | null } | null;
}
