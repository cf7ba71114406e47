import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  GitHubRateLimitSchema,
  ShouldCacheSchema,
  successEnvelope,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { GitHubRateLimitService } from './rate-limit-service.js';

/** Spec §7 "Rate limit": the user's GitHub limits, and whether to prefer cached data now. */
export async function rateLimitRoutes(
  app: FastifyInstance,
  options: {
    rateLimits: GitHubRateLimitService;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = { tags: ['github'], security: [{ bearerAuth: [] }] };

  api.get(
    '/api/rate-limit/github',
    {
      schema: {
        ...base,
        response: {
          200: successEnvelope(GitHubRateLimitSchema),
          401: ErrorResponseSchema,
          424: ErrorResponseSchema,
          429: ErrorResponseSchema,
          502: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.rateLimits.current(requireUserId(request)),
    }),
  );

  api.get(
    '/api/rate-limit/should-cache',
    {
      schema: {
        ...base,
        response: {
          200: successEnvelope(ShouldCacheSchema),
          401: ErrorResponseSchema,
          502: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.rateLimits.shouldCache(requireUserId(request)),
    }),
  );
}
