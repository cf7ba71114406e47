import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  ProjectIdParams,
  RepoAnalyzeAcceptedSchema,
  RepoAnalyzeBody,
  StoredAnalysisSummarySchema,
  successEnvelope,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { RepoAnalyzeService } from './repo-analyze.js';

export async function repoAnalyzeRoutes(
  app: FastifyInstance,
  { repoAnalyze }: { repoAnalyze: RepoAnalyzeService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
    429: ErrorResponseSchema,
  };

  api.post(
    '/analyze/api/repo-analyze/analyze',
    {
      schema: {
        tags: ['analysis'],
        security: [{ bearerAuth: [] }],
        body: RepoAnalyzeBody,
        response: { 202: successEnvelope(RepoAnalyzeAcceptedSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        success: true as const,
        data: await repoAnalyze.analyze(requireUserId(request), request.body),
      }),
  );

  api.get(
    '/api/projects/:id/repo-analyze-results',
    {
      schema: {
        tags: ['analysis'],
        security: [{ bearerAuth: [] }],
        params: ProjectIdParams,
        response: { 200: successEnvelope(z.array(StoredAnalysisSummarySchema)), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await repoAnalyze.resultsForProject(requireUserId(request), request.params.id),
    }),
  );
}
