/**
 * What happened on a forge, as the webhook module tells it once it has checked and recorded a
 * delivery: the pull-request store, the review engine and notifications act on these.
 */
import type { EventBatch } from './event-batch.js';

/** Where a forge event happened: enough for a subscriber to find the repository and project. */
export interface ForgeRepositoryRef {
  forge: 'github';
  /** Web host of the repository (github.com, or GitHub Enterprise Server's host). */
  host: string;
  owner: string;
  repo: string;
}

/** One string per repository of a forge host: forges compare owner and name case-insensitively. */
export const repositoryKey = (repository: ForgeRepositoryRef) =>
  `${repository.host}\n${repository.owner.toLowerCase()}\n${repository.repo.toLowerCase()}`;

export type PullRequestAction =
  | 'opened'
  | 'reopened'
  | 'synchronize'
  | 'ready_for_review'
  | 'closed'
  | 'assigned'
  | 'review_requested'
  | 'edited';

export interface PullRequestEvent {
  repository: ForgeRepositoryRef;
  deliveryId: string;
  action: PullRequestAction;
  number: number;
  /** The forge's pull request object as delivered (the store picks what it keeps). */
  pullRequest: Record<string, unknown>;
  /** The login whose action it was (the delivery's `sender`), when named. */
  sender?: string | null;
  /**
   * What the action names beside the pull request, as delivered: `assignee` (assigned),
   * `requested_reviewer` or `requested_team` (review_requested), `changes` (edited: the old title
   * and body).
   */
  detail?: Record<string, unknown>;
  /** The deliveries processed with this one share look-ups through it (absent: emitted alone). */
  batch?: EventBatch;
}

export interface PullRequestReviewEvent {
  repository: ForgeRepositoryRef;
  deliveryId: string;
  number: number;
  pullRequest: Record<string, unknown>;
  review: Record<string, unknown>;
  /** The login whose action it was (the delivery's `sender`), when named. */
  sender?: string | null;
  batch?: EventBatch;
}

export interface ForgeEvents {
  'pull_request.opened': PullRequestEvent;
  'pull_request.reopened': PullRequestEvent;
  'pull_request.synchronize': PullRequestEvent;
  'pull_request.ready_for_review': PullRequestEvent;
  'pull_request.closed': PullRequestEvent;
  'pull_request.assigned': PullRequestEvent;
  'pull_request.review_requested': PullRequestEvent;
  'pull_request.edited': PullRequestEvent;
  'pull_request_review.submitted': PullRequestReviewEvent;
}

export type ForgeEventName = keyof ForgeEvents;
