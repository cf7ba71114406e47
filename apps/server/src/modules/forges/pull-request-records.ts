/**
 * Pull requests as every forge hands them to the store (the forge boundary's vocabulary): what
 * the list and the metrics need, in the store's terms, whatever the forge calls it.
 */

/** A reviewer asked for: a user or bot (login), or a team (slug). */
export interface ReviewRequestRecord {
  login: string;
  avatarUrl: string | null;
  kind: 'user' | 'bot' | 'team';
}

/** A pull request as the store keeps it (without ids and scope). */
export interface PullRequestRecord {
  nodeId: string;
  number: number;
  title: string;
  state: 'open' | 'closed' | 'merged';
  draft: boolean;
  authorLogin: string | null;
  authorAvatarUrl: string | null;
  authorIsBot: boolean;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
  mergedAt: Date | null;
  additions: number;
  deletions: number;
  changedFiles: number;
  headRef: string;
  headSha: string;
  baseRef: string;
  /** The commit the merge put on the base branch (merge, squash or last rebased commit). */
  mergeCommitSha: string | null;
  url: string;
  firstCommitAt: Date | null;
  /** When it was last marked ready for review (null: never a draft, or not known). */
  readyForReviewAt: Date | null;
  /** The AI agents its commits' `Co-authored-by:` trailers name (packages/analysis identity.ts). */
  agentCoauthors: string[];
  comments: number;
  reviewRequests: ReviewRequestRecord[];
}

export interface ReviewRecord {
  reviewId: string;
  state: 'approved' | 'changes_requested' | 'commented' | 'dismissed' | 'pending';
  authorLogin: string | null;
  authorAvatarUrl: string | null;
  authorIsBot: boolean;
  submittedAt: Date | null;
}

/** One page of pull requests, newest activity first, each with all its reviews. */
export interface PullRequestPage {
  /** Whether the repository is private (its pull requests are stored for the reading user only). */
  private: boolean;
  pulls: Array<{ pull: PullRequestRecord; reviews: ReviewRecord[] }>;
}
