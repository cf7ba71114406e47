import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  RepoAnalysesAcceptedSchema,
  RepoAnalysesParams,
  successEnvelope,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { RepoAnalysesService } from './repo-analyses.js';

/** POST /api/projects/{id}/repos/{repoId}/analyses: every analysis of one repository, again. */
export async function repoAnalysesRoutes(
  app: FastifyInstance,
  { repoAnalyses }: { repoAnalyses: RepoAnalysesService },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/projects/:id/repos/:repoId/analyses',
    {
      schema: {
        tags: ['analysis'],
        security: [{ bearerAuth: [] }],
        params: RepoAnalysesParams,
        response: {
          202: successEnvelope(RepoAnalysesAcceptedSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        success: true as const,
        data: await repoAnalyses.analyseAgain(
          requireUserId(request),
          request.params.id,
          request.params.repoId,
        ),
      }),
  );
}
