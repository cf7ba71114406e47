import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  RepoFailureListSchema,
  RepoFailuresQuery,
  successEnvelope,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { RepoFailuresService } from './failures.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `GET /api/repository-failures`: what the project list and a project's page show first. */
export async function repoFailuresRoutes(
  app: FastifyInstance,
  options: { failures: RepoFailuresService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/repository-failures',
    {
      schema: {
        tags: ['projects'],
        security: [{ bearerAuth: [] }],
        querystring: RepoFailuresQuery,
        response: {
          200: successEnvelope(RepoFailureListSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const ownerId = requireUserId(request);
      const projectId = request.query.project_id ?? null;
      // An id that names no project of the caller's has no failures, whatever its shape.
      const data =
        projectId !== null && !UUID.test(projectId)
          ? []
          : await options.failures.forUser(ownerId, projectId);
      return { success: true as const, data };
    },
  );
}
