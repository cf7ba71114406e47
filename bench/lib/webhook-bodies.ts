import { signBody } from '../../apps/server/src/modules/webhooks/index.js';
import { examplePayload } from '../../apps/server/src/testing/webhook-deliveries.js';

/** pull_request opened for pull request `number`, with a head commit of its own. */
function pullRequestPayload(repository: { owner: string; repo: string }, number: number) {
  const payload = examplePayload('pull_request', repository, 'opened');
  const pull = payload.pull_request as { number: number; head: { sha: string } };
  payload.number = number;
  pull.number = number;
  pull.head.sha = number.toString(16).padStart(40, 'a');
  return payload;
}

/**
 * Signed bodies to send, one list per kind (`pullRequests` pull_request payloads, each its own number), kinds taken round robin and each kind's bodies in turn;
 * each delivery gets its own id.
 */
export function signedBodies(secret: string, kinds: readonly string[], pullRequests: number) {
  const repository = { owner: 'bench', repo: 'api' };
  const payloads: Record<string, Array<Record<string, unknown>>> = {
    ping: [examplePayload('ping', repository)],
    pull_request: Array.from({ length: pullRequests }, (_, i) =>
      pullRequestPayload(repository, i + 1),
    ),
    push: [examplePayload('push', repository)],
  };
  return kinds.map((event) => {
    const variants = payloads[event];
    if (!variants) throw new Error(`--kinds: unknown kind ${event}`);
    return variants.map((payload) => {
      const body = JSON.stringify(payload);
      return { event, body, signature: signBody(body, secret) };
    });
  });
}
