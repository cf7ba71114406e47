import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signBody } from '../../modules/webhooks/index.js';
import { startGitHubDouble, type GitHubDouble } from './index.js';

/**
 * The double delivers pull request events to a repository's hooks the way GitHub does: signed
 * with each hook's secret over the exact bytes, with GitHub's headers, carrying the pull request as
 * the REST API serves it. Bad orders are 4xx and deliver nothing.
 */
const TOKEN = 'gho_deliveries';
let double: GitHubDouble;
let receiver: Server;
let target: string;
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { [TOKEN]: { login: 'octocat', id: 1 } },
    repositories: [
      {
        owner: 'octocat',
        name: 'hello',
        activity: {
          pulls: [
            {
              number: 7,
              title: 'Speed up',
              author: 'ayse',
              head: 'fast',
              createdAt: '2026-03-02T00:00:00Z',
            },
          ],
        },
      },
      {
        owner: 'octocat',
        name: 'quiet',
        activity: {
          pulls: [
            {
              number: 7,
              title: 'Hush',
              author: 'ayse',
              head: 'hush',
              createdAt: '2026-03-02T00:00:00Z',
            },
          ],
        },
      },
    ],
  });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook/github`;
});
afterAll(async () => {
  await double?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const api = (method: string, path: string, body?: unknown) =>
  fetch(`${double.apiUrl}${path}`, {
    method,
    headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

const order = (overrides: Record<string, unknown> = {}) =>
  fetch(`${double.webUrl}/__double/deliveries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      owner: 'octocat',
      repo: 'hello',
      event: 'pull_request',
      action: 'opened',
      number: 7,
      target,
      ...overrides,
    }),
  });

it('delivers pull_request opened to each subscribed hook, signed with its secret', async () => {
  const hook = (url: string, secret: string, events: string[]) => ({
    config: { url, content_type: 'json', secret },
    events,
  });
  // Two projects' hooks on one repository, and one hook that wants pushes only.
  for (const created of [
    hook('https://smee.io/a', 'first-secret', ['pull_request', 'push']),
    hook('https://smee.io/b', 'second-secret', ['*']),
    hook('https://smee.io/c', 'push-secret', ['push']),
  ])
    expect((await api('POST', '/repos/octocat/hello/hooks', created)).status).toBe(201);

  const response = await order();
  expect(response.status).toBe(200);
  const { deliveries } = (await response.json()) as {
    deliveries: Array<{
      hookId: number;
      url: string;
      deliveryId: string;
      status: number;
      response: string;
    }>;
  };
  const hooks = double.repositories[0]!.hooks!;
  expect(deliveries.map((d) => [d.hookId, d.url, d.status, d.response])).toEqual([
    [hooks[0]!.id, 'https://smee.io/a', 202, '{"ok":true}'],
    [hooks[1]!.id, 'https://smee.io/b', 202, '{"ok":true}'],
  ]);
  expect(received).toHaveLength(2);
  for (const [index, secret] of ['first-secret', 'second-secret'].entries()) {
    const { headers, body } = received[index]!;
    expect(headers).toMatchObject({
      'content-type': 'application/json',
      'x-github-event': 'pull_request',
      'x-github-delivery': deliveries[index]!.deliveryId,
      'x-github-hook-id': String(hooks[index]!.id),
      'x-hub-signature-256': signBody(body, secret),
    });
    expect(headers['user-agent']).toMatch(/^GitHub-Hookshot\//);
  }
  expect(received[0]!.body).toBe(received[1]!.body);
  expect(new Set(deliveries.map((d) => d.deliveryId)).size).toBe(2);

  // The payload carries the pull request exactly as the REST API serves it.
  const payload = JSON.parse(received[0]!.body) as Record<string, unknown>;
  const pull = (await (await api('GET', '/repos/octocat/hello/pulls/7')).json()) as Record<
    string,
    unknown
  >;
  expect(payload).toMatchObject({
    action: 'opened',
    number: 7,
    repository: { full_name: 'octocat/hello', html_url: `${double.webUrl}/octocat/hello` },
    sender: { login: 'ayse' },
  });
  expect(payload.pull_request).toEqual(pull);
  expect((payload.pull_request as { head: { sha: string } }).head.sha).toMatch(/^[0-9a-f]{40}$/);
});

it('refuses orders it cannot carry out (4xx), delivering nothing', async () => {
  const before = received.length;
  expect((await order({ event: 'push' })).status).toBe(400);
  expect((await order({ action: 'teleported' })).status).toBe(400);
  expect((await order({ target: 'not a url' })).status).toBe(400);
  expect((await order({ number: 'seven' })).status).toBe(400);
  expect((await order({ number: 99 })).status).toBe(404);
  expect((await order({ repo: 'missing' })).status).toBe(404);
  // A repository without hooks: GitHub has nobody to deliver to.
  const quiet = await order({ repo: 'quiet' });
  expect(quiet.status).toBe(200);
  expect(await quiet.json()).toEqual({ deliveries: [] });
  expect(received.length).toBe(before);
});
