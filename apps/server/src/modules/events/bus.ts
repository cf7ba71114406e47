/**
 * A small in-process event bus: forge events arrive once (a webhook delivery job) and several
 * modules act on them (the pull-request store, the review engine), none of which the webhook
 * module should know. Events are typed by name; a handler that throws is reported to `onError`
 * and never stops the others or the emitter, since one subscriber's bug must not make a delivery
 * fail for everyone.
 */
import { stderrLogger } from '../../lib/logging.js';
import type { EventBatch } from './event-batch.js';

/** Where a forge event happened: enough for a subscriber to find the repository and project. */
export interface ForgeRepositoryRef {
  forge: 'github';
  /** Web host of the repository (github.com, or GitHub Enterprise Server's host). */
  host: string;
  owner: string;
  repo: string;
}

export type PullRequestAction =
  'opened' | 'reopened' | 'synchronize' | 'ready_for_review' | 'closed';

export interface PullRequestEvent {
  repository: ForgeRepositoryRef;
  deliveryId: string;
  action: PullRequestAction;
  number: number;
  /** The forge's pull request object as delivered (the store picks what it keeps). */
  pullRequest: Record<string, unknown>;
  /** The deliveries processed with this one share look-ups through it (absent: emitted alone). */
  batch?: EventBatch;
}

export interface PullRequestReviewEvent {
  repository: ForgeRepositoryRef;
  deliveryId: string;
  number: number;
  pullRequest: Record<string, unknown>;
  review: Record<string, unknown>;
  batch?: EventBatch;
}

export interface ForgeEvents {
  'pull_request.opened': PullRequestEvent;
  'pull_request.reopened': PullRequestEvent;
  'pull_request.synchronize': PullRequestEvent;
  'pull_request.ready_for_review': PullRequestEvent;
  'pull_request.closed': PullRequestEvent;
  'pull_request_review.submitted': PullRequestReviewEvent;
}

export type ForgeEventName = keyof ForgeEvents;
type Handler<N extends ForgeEventName> = (event: ForgeEvents[N]) => void | Promise<void>;

export class EventBus {
  private readonly handlers = new Map<ForgeEventName, Set<Handler<ForgeEventName>>>();

  constructor(
    private readonly onError: (error: unknown, name: ForgeEventName) => void = (error, name) =>
      stderrLogger().error({ err: error, event: name }, 'forge event subscriber failed'),
  ) {}

  /** Subscribes; the returned function unsubscribes. */
  on<N extends ForgeEventName>(name: N, handler: Handler<N>): () => void {
    const set = this.handlers.get(name) ?? new Set();
    set.add(handler as Handler<ForgeEventName>);
    this.handlers.set(name, set);
    return () => set.delete(handler as Handler<ForgeEventName>);
  }

  /** Runs every handler of `name` and waits for them all; failures go to `onError`. */
  async emit<N extends ForgeEventName>(name: N, event: ForgeEvents[N]): Promise<void> {
    const set = this.handlers.get(name);
    if (!set) return;
    await Promise.all(
      [...set].map(async (handler) => {
        try {
          await handler(event);
        } catch (error) {
          this.onError(error, name);
        }
      }),
    );
  }
}
