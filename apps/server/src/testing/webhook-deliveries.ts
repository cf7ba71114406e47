import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { signBody } from '../modules/webhooks/index.js';

/**
 * Test helpers: GitHub's own example payloads (`@octokit/webhooks-examples`), pointed at a test
 * repository, and a delivery sent the way GitHub sends it (headers, HMAC over the exact bytes).
 */
interface ExampleGroup {
  name: string;
  examples: Array<Record<string, unknown>>;
}

const require = createRequire(import.meta.url);
let groups: ExampleGroup[] | undefined;

/** GitHub's example payload of `event` (with `action`, when given), aimed at owner/repo. */
export function examplePayload(
  event: string,
  repository: { owner: string; repo: string; host?: string },
  action?: string,
): Record<string, unknown> {
  groups ??= require('@octokit/webhooks-examples/api.github.com/index.json') as ExampleGroup[];
  const found = groups
    .find((group) => group.name === event)
    ?.examples.find((item) => action === undefined || item.action === action);
  if (!found) throw new Error(`no example of ${event} ${action ?? ''}`);
  const payload = structuredClone(found);
  const fullName = `${repository.owner}/${repository.repo}`;
  payload.repository = {
    ...(payload.repository as Record<string, unknown>),
    full_name: fullName,
    name: repository.repo,
    html_url: `https://${repository.host ?? 'github.com'}/${fullName}`,
  };
  return payload;
}

export interface SentDelivery {
  deliveryId: string;
  event: string;
  body: string;
  /** The secret to sign with; null sends no signature header. */
  secret: string | null;
  /** A signature to send instead of the right one. */
  signature?: string;
}

export function delivery(
  event: string,
  payload: unknown,
  secret: string | null,
  extra: Partial<SentDelivery> = {},
): SentDelivery {
  return { deliveryId: randomUUID(), event, body: JSON.stringify(payload), secret, ...extra };
}

export function send(app: FastifyInstance, sent: SentDelivery) {
  const signature = sent.signature ?? (sent.secret ? signBody(sent.body, sent.secret) : undefined);
  return app.inject({
    method: 'POST',
    url: '/webhook/github',
    headers: {
      'content-type': 'application/json',
      'x-github-delivery': sent.deliveryId,
      'x-github-event': sent.event,
      'user-agent': 'GitHub-Hookshot/test',
      ...(signature ? { 'x-hub-signature-256': signature } : {}),
    },
    payload: sent.body,
  });
}
