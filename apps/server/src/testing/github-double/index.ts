import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { graphqlRoutes, type GraphQLRootExtension } from './graphql-routes.js';
import { DoubleLimits, type DoubleUser } from './rest-limits.js';
import { restRateLimitRoutes } from './rest-rate-limit.js';
import { hookDeliveryRoutes } from './hook-deliveries.js';
import { restHookRoutes } from './rest-hooks.js';
import { restRepoRoutes, type DoubleRepository } from './rest-repos.js';
import { restUserRoutes } from './rest-user.js';
import { basicError, parseJsonLikeGitHub, type DoubleContext } from './rest-route.js';

export type { DoubleHook, DoubleRepository } from './rest-repos.js';
export type {
  DoubleActivity,
  DoubleCommit,
  DoubleDiffEntry,
  DoublePull,
} from './rest-repo-activity.js';
export type {
  DoubleDelivery,
  DoubleDeployment,
  DoubleDeploymentStatus,
  DoubleIssue,
  DoubleRelease,
  DoubleWorkflowRun,
} from './rest-delivery.js';
export type { DoubleUser, RateResource } from './rest-limits.js';
export type { DoublePostedReview, DoubleStatus } from './rest-pull-reviews.js';
export type { SeenRequest, ServedResponse } from './rest-route.js';

export interface GitHubDoubleOptions {
  /** Serve like GitHub Enterprise Server: REST under `/api/v3`, GraphQL at `/api/graphql`. */
  enterprise?: boolean;
  /** Valid tokens and whose they are. */
  tokens?: Record<string, DoubleUser>;
  repositories?: DoubleRepository[];
  /** Seconds a secondary rate limit asks callers to wait (GitHub sends 60; tests want less). */
  secondaryRetryAfterS?: number;
  graphqlRoot?: GraphQLRootExtension;
  now?: () => number;
}

export interface GitHubDouble {
  /** What GITHUB_API_URL is set to (with `/api/v3` for Enterprise Server). */
  apiUrl: string;
  /** What GITHUB_WEB_URL is set to. */
  webUrl: string;
  limits: DoubleLimits;
  repositories: DoubleRepository[];
  served: DoubleContext['served'];
  requests: DoubleContext['requests'];
  close(): Promise<void>;
}

/**
 * A local stand-in for GitHub on loopback: REST answers from GitHub's OpenAPI examples, GraphQL
 * executed against GitHub's published schema, GitHub's rate-limit and ETag behaviour. Route
 * plugins are registered here; every answer is recorded so tests can count calls and hold the
 * shapes to the OpenAPI description.
 */
export async function startGitHubDouble(options: GitHubDoubleOptions = {}): Promise<GitHubDouble> {
  const app = Fastify({ logger: false });
  parseJsonLikeGitHub(app);
  const limits = new DoubleLimits(options.now ?? Date.now, options.secondaryRetryAfterS ?? 1);
  for (const [token, user] of Object.entries(options.tokens ?? {})) limits.addToken(token, user);
  const repositories = options.repositories ?? [];
  const urls = { api: '', web: '' };
  const context: DoubleContext = {
    limits,
    served: [],
    requests: [],
    apiUrl: () => urls.api,
    webUrl: () => urls.web,
  };
  const restPrefix = options.enterprise ? '/api/v3' : '';
  await app.register(
    async (rest) => {
      await restRateLimitRoutes(rest, context);
      await restRepoRoutes(rest, { context, repositories });
      await restHookRoutes(rest, { context, repositories });
      await restUserRoutes(rest, context);
    },
    { prefix: restPrefix },
  );
  // The control plane stays at the root, whatever prefix GitHub's API has.
  await app.register(async (control) => hookDeliveryRoutes(control, { context, repositories }));
  await app.register(graphqlRoutes, {
    context,
    repositories,
    url: options.enterprise ? '/api/graphql' : '/graphql',
    ...(options.graphqlRoot ? { extend: options.graphqlRoot } : {}),
  });
  app.setNotFoundHandler(async (request, reply) => {
    const error = basicError(404, 'Not Found');
    context.requests.push({ method: request.method, url: request.url, status: 404, caller: '' });
    return reply.code(404).send(error.body);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  urls.web = `http://127.0.0.1:${port}`;
  urls.api = `${urls.web}${restPrefix}`;
  return {
    apiUrl: urls.api,
    webUrl: urls.web,
    limits,
    repositories,
    served: context.served,
    requests: context.requests,
    close: () => app.close(),
  };
}
