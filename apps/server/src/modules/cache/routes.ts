import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CacheClearedSchema,
  CacheStatusSchema,
  ClearRepositoryCacheParams,
  ErrorResponseSchema,
  ProjectIdParams,
  successEnvelope,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { CacheService } from './service.js';

type PreHandler = (request: FastifyRequest) => Promise<void>;

/** Spec §7 "Cache": `/api/cache/status` and the clear calls. */
export async function cacheRoutes(
  app: FastifyInstance,
  options: {
    cache: CacheService;
    /** A signed-in administrator, else 401 or 403. */
    requireAdministrator: PreHandler;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = { tags: ['cache'], security: [{ bearerAuth: [] }] };
  const cleared = { 200: successEnvelope(CacheClearedSchema), 401: ErrorResponseSchema };

  api.get(
    '/api/cache/status',
    {
      schema: {
        ...base,
        description:
          'Entries, bytes, hit rate and oldest entry of every cache; hits are counted per process since it started.',
        response: { 200: successEnvelope(CacheStatusSchema), 401: ErrorResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await options.cache.status() }),
  );

  api.post(
    '/api/cache/clear',
    {
      preHandler: options.requireAdministrator,
      schema: {
        ...base,
        description: 'Clears every cache (administrators only). No user data is deleted.',
        response: { ...cleared, 403: ErrorResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await options.cache.clearAll() }),
  );

  api.post(
    '/api/cache/clear/project/:id',
    {
      schema: {
        ...base,
        description: "Clears what the caches hold of one of the caller's projects.",
        params: ProjectIdParams,
        response: { ...cleared, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.cache.clearProject(requireUserId(request), request.params.id),
    }),
  );

  api.post(
    '/api/cache/clear/repo/:owner/:repo',
    {
      schema: {
        ...base,
        description: "Clears what the caches hold of a GitHub repository of the caller's projects.",
        params: ClearRepositoryCacheParams,
        response: { ...cleared, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.cache.clearRepository(requireUserId(request), request.params),
    }),
  );
}
