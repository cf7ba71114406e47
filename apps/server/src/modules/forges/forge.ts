/**
 * The forge boundary: everything specific to one code host (GitHub is the one built)
 * sits behind this interface, chosen per repository by the host of its URL, so projects,
 * analytics and reviews never name a forge themselves.
 */
import type { DiffEntry } from './diff-entry.js';
import type { PullRequestPage } from './pull-request-records.js';

export type ForgeId = 'github';

export interface Forge {
  readonly id: ForgeId;
  /** Whether repositories on this web host (lower-case, with port if any) belong to this forge. */
  ownsHost(host: string): boolean;
  /** Installing and removing webhooks; absent on a forge that has none. */
  readonly webhooks?: ForgeWebhooks;
  /** Reading pull requests and their reviews; absent on a forge Rota does not sync. */
  readonly pullRequests?: ForgePullRequests;
  /** Posting Rota's reviews and commit statuses; absent on a forge Rota does not publish to. */
  readonly reviewPublishing?: ForgeReviewPublishing;
}

export interface PullRequestTarget {
  /** The Rota user whose forge credentials read it (a private repository is stored for them). */
  userId: string;
  owner: string;
  repo: string;
}

/**
 * Pull requests of a repository, newest activity first. Refusals and failures are AppErrors
 * naming the forge's reason (not found, token revoked, rate limited, not connected, unavailable).
 */
export interface ForgePullRequests {
  /**
   * Whether the forge says nothing changed since this user last asked (GitHub: a conditional
   * request answered 304, which costs no rate limit). False when it cannot tell.
   */
  unchangedSinceLastLook(target: PullRequestTarget): Promise<boolean>;
  /**
   * Pages of the pull requests updated at or after `since` (all without it), each pull request
   * with every review. Pages are read one at a time as the caller iterates, so memory holds one.
   */
  updatedSince(target: PullRequestTarget, since: Date | null): AsyncIterable<PullRequestPage>;
  /** One pull request as it is now, for a review. */
  details(target: PullRequestTarget, number: number): Promise<PullRequestDetails>;
  /** Its changed files with their patches, every page read. */
  files(target: PullRequestTarget, number: number): Promise<PullRequestFiles>;
}

/** What a review needs to know about a pull request, read fresh from the forge. */
export interface PullRequestDetails {
  number: number;
  title: string;
  body: string | null;
  draft: boolean;
  state: 'open' | 'closed' | 'merged';
  author: { login: string; isBot: boolean };
  headSha: string;
  headRef: string;
  baseRef: string;
  additions: number;
  deletions: number;
  changedFiles: number;
  /** Whether the repository is private (its reviews are then kept for the reading user only). */
  private: boolean;
}

export interface PullRequestFiles {
  /** GitHub's diff entries, in GitHub's order. */
  files: DiffEntry[];
  /** The forge lists no more than this many files (GitHub: 3,000); the rest were not seen. */
  truncated: boolean;
}

export interface WebhookTarget {
  /** The Rota user whose forge credentials make the call (they must be an admin there). */
  userId: string;
  owner: string;
  repo: string;
}

/** Refusals are AppErrors whose code the web translates (admin rights needed, rate limit, …). */
export interface ForgeWebhooks {
  /** Creates a hook sending pull request, review and push events to `url`, signed with `secret`. */
  install(
    target: WebhookTarget,
    hook: { url: string; secret: string },
  ): Promise<{ hookId: string }>;
  /** Removes the hook; one the forge no longer has counts as removed. */
  remove(target: WebhookTarget, hookId: string): Promise<void>;
}

/** A comment on one line of the new file, inside the pull request's diff. */
export interface InlineReviewComment {
  path: string;
  line: number;
  side: 'RIGHT';
  body: string;
}

export interface PostedReview {
  number: number;
  commitId: string;
  event: 'APPROVE' | 'REQUEST_CHANGES' | 'COMMENT';
  body: string;
  comments: InlineReviewComment[];
}

export interface CommitStatus {
  state: 'pending' | 'success' | 'failure' | 'error';
  /** At most 140 characters (GitHub's limit). */
  description: string;
  targetUrl: string;
  context: string;
}

/**
 * Writes on the forge as the user (they need write access). Refusals are AppErrors; GitHub's
 * refusal to let an author approve or request changes on their own pull request is an
 * `OwnPullRequestRefusal`, so the caller can post a comment instead.
 */
export interface ForgeReviewPublishing {
  postReview(target: PullRequestTarget, review: PostedReview): Promise<{ reviewId: number }>;
  postStatus(target: PullRequestTarget, sha: string, status: CommitStatus): Promise<void>;
}

/** The forge does not let the pull request's author approve or request changes on it. */
export class OwnPullRequestRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OwnPullRequestRefusal';
  }
}
