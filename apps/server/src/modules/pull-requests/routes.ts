import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  ProjectIdParams,
  PullRequestListQuerySchema,
  PullRequestListSchema,
  PullRequestSyncAcceptedSchema,
  successEnvelope,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { PullRequestsService } from './service.js';

/** Pull requests: a project's stored pull requests, and "sync now" (owner only). */
export async function pullRequestRoutes(
  app: FastifyInstance,
  options: {
    pullRequests: PullRequestsService;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
  };
  api.get(
    '/api/projects/:id/pull-requests',
    {
      schema: {
        tags: ['projects'],
        security: [{ bearerAuth: [] }],
        params: ProjectIdParams,
        querystring: PullRequestListQuerySchema,
        response: { 200: successEnvelope(PullRequestListSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.pullRequests.list(
        requireUserId(request),
        request.params.id,
        request.query,
      ),
    }),
  );
  api.post(
    '/api/projects/:id/pull-requests/sync',
    {
      schema: {
        tags: ['projects'],
        security: [{ bearerAuth: [] }],
        params: ProjectIdParams,
        response: { 202: successEnvelope(PullRequestSyncAcceptedSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await options.pullRequests.syncNow(requireUserId(request), request.params.id);
      return reply.code(202).send({ success: true as const, data });
    },
  );
}
