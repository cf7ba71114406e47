import {
  headShaOf,
  mergeCommitShaOf,
  mergedAtOf,
  closedAtOf,
  updatedAtOf,
} from './rest-repo-activity.js';
import type { DoublePull, DoubleReview } from './rest-repo-activity.js';
import type { DoubleRepository } from './rest-repos.js';
import type { DoubleContext } from './rest-route.js';
import { connection, type PageArgs } from './graphql-connection.js';

type Json = Record<string, unknown>;

const actor = (login: string, bot: boolean | undefined, context: DoubleContext) => ({
  __typename: bot ? 'Bot' : 'User',
  login,
  avatarUrl: `${context.webUrl()}/avatars/${login}`,
  url: `${context.webUrl()}/${login}`,
});

function reviewNode(pull: DoublePull, review: DoubleReview, n: number, context: DoubleContext) {
  return {
    id: review.id ?? `PRR_${pull.number}_${n}`,
    state: review.state,
    submittedAt: review.state === 'PENDING' ? null : review.submittedAt,
    author: actor(review.author, review.authorIsBot, context),
  };
}

function pullNode(repo: DoubleRepository, pull: DoublePull, context: DoubleContext): Json {
  const fullName = `${repo.owner}/${repo.name}`;
  const reviews = (pull.reviews ?? []).map((review, n) => reviewNode(pull, review, n, context));
  const requests = (pull.reviewRequests ?? []).map((name) =>
    name.startsWith('team:')
      ? {
          requestedReviewer: {
            __typename: 'Team',
            slug: name.slice(5),
            avatarUrl: null,
          },
        }
      : { requestedReviewer: actor(name, false, context) },
  );
  const firstCommit = pull.firstCommitAt ?? pull.createdAt;
  // The first commit carries the start of the work; the later ones were pushed when it opened.
  const commits = (pull.commitMessages ?? [pull.title]).map((message, n) => ({
    date: n === 0 ? firstCommit : pull.createdAt,
    message,
  }));
  const timeline = pull.readyForReviewAt
    ? [{ __typename: 'ReadyForReviewEvent', createdAt: pull.readyForReviewAt }]
    : [];
  return {
    id: `PR_${repo.owner}_${repo.name}_${pull.number}`,
    number: pull.number,
    title: pull.title,
    state: (pull.state ?? 'open').toUpperCase(),
    isDraft: pull.draft ?? false,
    author: actor(pull.author, pull.authorIsBot, context),
    createdAt: pull.createdAt,
    updatedAt: updatedAtOf(pull),
    closedAt: closedAtOf(pull),
    mergedAt: mergedAtOf(pull),
    additions: pull.additions ?? 0,
    deletions: pull.deletions ?? 0,
    changedFiles: pull.changedFiles ?? 0,
    headRefName: pull.head,
    headRefOid: headShaOf(fullName, pull),
    baseRefName: pull.base ?? 'main',
    mergeCommit: (() => {
      const oid = mergeCommitShaOf(fullName, pull);
      return oid ? { oid } : null;
    })(),
    url: `${context.webUrl()}/${fullName}/pull/${pull.number}`,
    commits: (args: PageArgs) =>
      connection(commits, args, ({ date, message }) => ({
        commit: { authoredDate: date, committedDate: date, message },
      })),
    // Only ready-for-review events are kept, so `itemTypes` other than that one see none.
    timelineItems: (args: PageArgs & { itemTypes?: string[] }) =>
      connection(
        args.itemTypes && !args.itemTypes.includes('READY_FOR_REVIEW_EVENT') ? [] : timeline,
        args,
        (item) => item,
      ),
    reviews: (args: PageArgs) => connection(reviews, args, (review) => review),
    reviewRequests: (args: PageArgs) => connection(requests, args, (request) => request),
    comments: (args: PageArgs) =>
      connection(Array.from({ length: pull.comments ?? 0 }), args, () => ({})),
  };
}

/**
 * `repository.pullRequests(first, after, states, orderBy)` and `repository.pullRequest(number)`,
 * resolved from the double's pull requests (the ones REST `/pulls` lists too). Read at query
 * time, so a test that changes a pull request between syncs is seen by the next query.
 */
export function pullRequestFields(repo: DoubleRepository, context: DoubleContext) {
  const pulls = () => repo.activity?.pulls ?? [];
  return {
    pullRequests: (
      args: PageArgs & {
        states?: string[];
        orderBy?: { field: 'CREATED_AT' | 'UPDATED_AT'; direction: 'ASC' | 'DESC' };
      },
    ) => {
      const wanted = args.states?.map((state) => state.toLowerCase());
      let list = pulls().filter((pull) => !wanted || wanted.includes(pull.state ?? 'open'));
      // GitHub's default order is creation, oldest first.
      const field = args.orderBy?.field ?? 'CREATED_AT';
      const key = field === 'UPDATED_AT' ? updatedAtOf : (pull: DoublePull) => pull.createdAt;
      const sign = (args.orderBy?.direction ?? 'ASC') === 'ASC' ? 1 : -1;
      list = [...list].sort(
        (a, b) => sign * (Date.parse(key(a)) - Date.parse(key(b))) || sign * (a.number - b.number),
      );
      return connection(list, args, (pull) => pullNode(repo, pull, context));
    },
    pullRequest: (args: { number: number }) => {
      const pull = pulls().find((candidate) => candidate.number === args.number);
      return pull ? pullNode(repo, pull, context) : null;
    },
  };
}
