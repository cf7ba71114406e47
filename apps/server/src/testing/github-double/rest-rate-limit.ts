import type { FastifyInstance } from 'fastify';
import { example } from './rest-examples.js';
import type { RateResource } from './rest-limits.js';
import { restRoute, type DoubleContext } from './rest-route.js';

interface Overview {
  resources: Record<string, { limit: number; used: number; remaining: number; reset: number }>;
  rate: { limit: number; used: number; remaining: number; reset: number };
}

/** `GET /rate_limit`: GitHub's own example with the caller's real buckets (core, search, graphql). */
export async function restRateLimitRoutes(app: FastifyInstance, context: DoubleContext) {
  restRoute(app, context, {
    method: 'GET',
    path: '/rate_limit',
    counts: false,
    handle: ({ caller }) => {
      const overview = example<Overview>('rate-limit-overview');
      for (const resource of ['core', 'search', 'graphql'] as RateResource[]) {
        const bucket = context.limits.bucket(caller, resource);
        overview.resources[resource] = {
          limit: bucket.limit,
          used: bucket.used,
          remaining: Math.max(0, bucket.limit - bucket.used),
          reset: bucket.reset,
        };
      }
      overview.rate = overview.resources.core!;
      return { body: overview };
    },
  });
}
