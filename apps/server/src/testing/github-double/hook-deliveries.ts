import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signBody } from '../../modules/webhooks/index.js';
import { examplePayload } from '../webhook-deliveries.js';
import { pullRequestBody } from './rest-pull-request.js';
import { userOf } from './rest-repo-activity.js';
import { dress, findRepository, type DoubleHook, type DoubleRepository } from './rest-repos.js';
import type { DoubleContext } from './rest-route.js';

type Json = Record<string, unknown>;

/** What a test asks the double to deliver: one event about one seeded pull request. */
export interface DeliveryOrder {
  owner: string;
  repo: string;
  /** Pull request events only: `pull_request` with GitHub's action names. */
  event: 'pull_request';
  action: string;
  number: number;
  /**
   * Where to post. A hook's configured URL is usually not reachable in a test (it names the
   * relay or public host Rota sits behind), so the test says where the receiver really listens.
   */
  target: string;
}

/** One hook's delivery, as GitHub's "Recent deliveries" shows it. */
export interface DeliveryOutcome {
  hookId: number;
  /** The URL the hook was created with (where GitHub itself would have posted). */
  url: string;
  deliveryId: string;
  /** The receiver's status code; null when it could not be reached. */
  status: number | null;
  response: string;
}

/**
 * The payload GitHub would send: its example of this event and action from
 * `@octokit/webhooks-examples`, carrying the seeded pull request and repository as the REST API
 * serves them (GitHub's webhook objects are the same shapes), sent by the pull request's author.
 */
export function pullRequestEventPayload(
  repo: DoubleRepository,
  order: Pick<DeliveryOrder, 'action' | 'number'>,
  context: DoubleContext,
): Json | undefined {
  const pull = repo.activity?.pulls?.find((candidate) => candidate.number === order.number);
  if (!pull) return undefined;
  const example = examplePayload(
    'pull_request',
    { owner: repo.owner, repo: repo.name },
    order.action,
  );
  return {
    ...example,
    action: order.action,
    number: pull.number,
    pull_request: pullRequestBody(repo, pull, context),
    repository: dress(example.repository as Json, repo, context),
    sender: userOf(example.sender as Json, pull.author, context),
  };
}

/**
 * Delivers like GitHub: to every active hook of the repository subscribed to the event (or `*`),
 * one POST each with its own delivery id, the body in the hook's content type, and, when the hook
 * has a secret, X-Hub-Signature-256 (and the legacy SHA-1 X-Hub-Signature) over those exact bytes.
 */
export async function deliver(
  repo: DoubleRepository,
  event: string,
  payload: Json,
  target: string,
): Promise<DeliveryOutcome[]> {
  const hooks = (repo.hooks ?? []).filter(
    (hook) => hook.active && (hook.events.includes(event) || hook.events.includes('*')),
  );
  const outcomes: DeliveryOutcome[] = [];
  for (const hook of hooks) outcomes.push(await deliverOne(hook, event, payload, target));
  return outcomes;
}

async function deliverOne(
  hook: DoubleHook,
  event: string,
  payload: Json,
  target: string,
): Promise<DeliveryOutcome> {
  const deliveryId = randomUUID();
  const json = JSON.stringify(payload);
  const form = hook.config.content_type !== 'json';
  const body = form ? `payload=${encodeURIComponent(json)}` : json;
  const secret = hook.config.secret;
  const repository = payload.repository as { id?: unknown } | undefined;
  const headers: Record<string, string> = {
    'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
    'user-agent': 'GitHub-Hookshot/rota-double',
    'x-github-event': event,
    'x-github-delivery': deliveryId,
    'x-github-hook-id': String(hook.id),
    'x-github-hook-installation-target-type': 'repository',
    'x-github-hook-installation-target-id': String(repository?.id ?? ''),
    ...(secret
      ? {
          'x-hub-signature': `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`,
          'x-hub-signature-256': signBody(body, secret),
        }
      : {}),
  };
  try {
    // GitHub gives a receiver 10 seconds before it records the delivery as failed.
    const response = await fetch(target, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return {
      hookId: hook.id,
      url: hook.config.url,
      deliveryId,
      status: response.status,
      response: await response.text(),
    };
  } catch (error) {
    return {
      hookId: hook.id,
      url: hook.config.url,
      deliveryId,
      status: null,
      response: String(error),
    };
  }
}

const isHttpUrl = (value: unknown): value is string => {
  try {
    return typeof value === 'string' && /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/**
 * Control plane, not GitHub's API: `POST /__double/deliveries` makes the double send a pull
 * request event to the repository's hooks, as GitHub does when a pull request opens. Answers what
 * each hook's receiver said; 400 for an order it cannot read, 404 for an unknown pull request.
 */
export async function hookDeliveryRoutes(
  app: FastifyInstance,
  options: { context: DoubleContext; repositories: DoubleRepository[] },
) {
  app.post('/__double/deliveries', async (request, reply) => {
    const order = (request.body ?? {}) as Partial<DeliveryOrder>;
    if (order.event !== 'pull_request' || typeof order.action !== 'string') {
      return reply.code(400).send({ message: 'event must be pull_request, with an action' });
    }
    if (!Number.isInteger(order.number) || !isHttpUrl(order.target)) {
      return reply.code(400).send({ message: 'number (an integer) and target (a URL) are needed' });
    }
    const repo = findRepository(options.repositories, order.owner, order.repo);
    let payload: Json | undefined;
    try {
      payload =
        repo &&
        pullRequestEventPayload(
          repo,
          { action: order.action, number: order.number! },
          options.context,
        );
    } catch {
      return reply.code(400).send({ message: `GitHub sends no pull_request ${order.action}` });
    }
    if (!repo || !payload) return reply.code(404).send({ message: 'No such pull request' });
    return { deliveries: await deliver(repo, order.event, payload, order.target) };
  });
}
