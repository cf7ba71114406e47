import { agentCoauthorsOf } from '@rota/analysis';
import type { GitHubActor, GitHubPullRequestNode, GitHubReviewNode } from './github-pr-query.js';
import type {
  PullRequestRecord,
  ReviewRecord,
  ReviewRequestRecord,
} from './pull-request-records.js';

/** GitHub's GraphQL nodes as the store's records. */

/** GitHub's Bot type, or a login ending in `[bot]` (apps acting through a user-like account). */
export const isBot = (actor: Pick<GitHubActor, '__typename' | 'login'> | null) =>
  !!actor && (actor.__typename === 'Bot' || actor.login.endsWith('[bot]'));

const dateOrNull = (value: string | null | undefined) => (value ? new Date(value) : null);

export function toPullRequestRecord(node: GitHubPullRequestNode): PullRequestRecord {
  const firstCommit = node.commits.nodes[0]?.commit;
  const readyEvent = (node.timelineItems?.nodes ?? []).find(
    (item) => item?.__typename === 'ReadyForReviewEvent',
  );
  return {
    nodeId: node.id,
    number: node.number,
    title: node.title,
    state: node.state === 'MERGED' ? 'merged' : node.state === 'CLOSED' ? 'closed' : 'open',
    draft: node.isDraft,
    // A deleted account shows as no author ("ghost" on GitHub's pages).
    authorLogin: node.author?.login ?? null,
    authorAvatarUrl: node.author?.avatarUrl ?? null,
    authorIsBot: isBot(node.author),
    createdAt: new Date(node.createdAt),
    updatedAt: new Date(node.updatedAt),
    closedAt: dateOrNull(node.closedAt),
    mergedAt: dateOrNull(node.mergedAt),
    additions: node.additions,
    deletions: node.deletions,
    changedFiles: node.changedFiles,
    headRef: node.headRefName,
    headSha: node.headRefOid,
    baseRef: node.baseRefName,
    mergeCommitSha: node.mergeCommit?.oid ?? null,
    url: node.url,
    firstCommitAt: dateOrNull(firstCommit?.authoredDate ?? firstCommit?.committedDate),
    readyForReviewAt: dateOrNull(readyEvent?.createdAt),
    agentCoauthors: agentCoauthorsOf(
      node.messages.nodes.flatMap((item) => (item ? [item.commit.message] : [])),
    ),
    comments: node.comments.totalCount,
    reviewRequests: (node.reviewRequests?.nodes ?? []).flatMap((request): ReviewRequestRecord[] => {
      const reviewer = request?.requestedReviewer;
      if (!reviewer) return [];
      if (reviewer.__typename === 'Team')
        return reviewer.slug
          ? [{ login: reviewer.slug, avatarUrl: null, kind: 'team' as const }]
          : [];
      if (!reviewer.login) return [];
      return [
        {
          login: reviewer.login,
          avatarUrl: reviewer.avatarUrl ?? null,
          kind: isBot({ __typename: reviewer.__typename, login: reviewer.login })
            ? ('bot' as const)
            : ('user' as const),
        },
      ];
    }),
  };
}

export function toReviewRecord(node: GitHubReviewNode): ReviewRecord {
  return {
    reviewId: node.id,
    state: node.state.toLowerCase() as ReviewRecord['state'],
    authorLogin: node.author?.login ?? null,
    authorAvatarUrl: node.author?.avatarUrl ?? null,
    authorIsBot: isBot(node.author),
    submittedAt: dateOrNull(node.submittedAt),
  };
}
