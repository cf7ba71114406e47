import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, ProjectListResponseSchema, successEnvelope } from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { ProjectsService } from './service.js';

export interface ProjectRoutesOptions {
  projects: ProjectsService;
  authenticate: (request: FastifyRequest) => Promise<void>;
}

export async function projectRoutes(
  app: FastifyInstance,
  { projects, authenticate }: ProjectRoutesOptions,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/projects',
    {
      preHandler: authenticate,
      schema: {
        tags: ['projects'],
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(ProjectListResponseSchema), 401: ErrorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await projects.list(requireUserId(request)),
    }),
  );
}
