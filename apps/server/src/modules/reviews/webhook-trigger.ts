import type { LlmConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/types.js';
import type { EventBus, ForgeEventName, PullRequestEvent } from '../events/index.js';
import type { ForgeRegistry } from '../forges/index.js';
import { ownersOfEventRepository } from '../project-access/index.js';
import { requestReview } from './request-review.js';

/** The actions after which a pull request's head is worth reviewing (closed is not). */
const EVENTS: ForgeEventName[] = [
  'pull_request.opened',
  'pull_request.reopened',
  'pull_request.synchronize',
  'pull_request.ready_for_review',
];

/**
 * Reviews pull requests as webhooks report them: one review per repository, whichever projects
 * have it, read with the credentials of an owner whose project installed the webhook, else of the
 * owner of the oldest such project (the review is of the pull request, not of a project). The head sha and visibility come from the payload; when the
 * payload lacks them the forge is asked.
 */
export function reviewPullRequestsOnEvents(deps: {
  db: Database;
  events: EventBus;
  queue: JobQueue;
  forges: ForgeRegistry;
  /** The LLM reviewer, when configured (its model and the project's prompt join the config key). */
  llm?: LlmConfig | null;
}): () => void {
  const onEvent = async (event: PullRequestEvent) => {
    const { owner, repo } = event.repository;
    // Shared with the pull-request store's subscriber, once per batch of deliveries.
    const [reader] = await ownersOfEventRepository(deps, event);
    if (!reader) return;
    const payload = readPayload(event.pullRequest);
    let { headSha, isPrivate } = payload;
    if (!headSha) {
      const forge = deps.forges.byId('github')?.pullRequests;
      if (!forge) return;
      const details = await forge.details({ userId: reader.userId, owner, repo }, event.number);
      headSha = details.headSha;
      isPrivate = details.private;
    }
    await requestReview(deps, {
      owner,
      repo,
      number: event.number,
      headSha,
      private: isPrivate,
      readerId: reader.userId,
      trigger: 'webhook',
      requestedBy: null,
    });
  };
  const off = EVENTS.map((name) =>
    deps.events.on(name, (event) => onEvent(event as PullRequestEvent)),
  );
  return () => off.forEach((unsubscribe) => unsubscribe());
}

/** `head.sha` and `base.repo.private` of GitHub's pull_request payload, when they are there. */
function readPayload(pull: Record<string, unknown>): {
  headSha: string | undefined;
  isPrivate: boolean | undefined;
} {
  const head = pull.head as { sha?: unknown } | undefined;
  const base = pull.base as { repo?: { private?: unknown } } | undefined;
  const sha = head?.sha;
  const visibility = base?.repo?.private;
  return {
    headSha: typeof sha === 'string' && /^[0-9a-f]{40}$/i.test(sha) ? sha.toLowerCase() : undefined,
    isPrivate: typeof visibility === 'boolean' ? visibility : undefined,
  };
}
