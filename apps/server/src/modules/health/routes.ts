import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorCodes,
  ErrorResponseSchema,
  HealthAnswerSchema,
  HealthQuery,
  HealthResponseSchema,
  successEnvelope,
} from '@rota/contracts';
import type { HealthService } from './service.js';

/**
 * `GET /api/health`: public and minimal for load balancers; `?detail=true` adds what operators
 * read, for administrators only (401 without a token, 403 for other users).
 */
export async function healthRoutes(
  app: FastifyInstance,
  options: {
    health: HealthService;
    /** A signed-in administrator, else 401 or 403. */
    requireAdministrator: (request: FastifyRequest) => Promise<void>;
  },
) {
  const { health } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        // Public; the detail needs an administrator's token.
        security: [{}, { bearerAuth: [] }],
        querystring: HealthQuery,
        response: {
          200: successEnvelope(HealthAnswerSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          503: ErrorResponseSchema.extend({ data: HealthResponseSchema }),
        },
      },
    },
    async (request, reply) => {
      const data = await health.check(request.log);
      // Load balancers read the status code; people read the body, so both tell the truth.
      if (data.status !== 'ok')
        return reply.code(503).send({
          success: false as const,
          error: { message: 'Database is not reachable', code: ErrorCodes.serviceUnavailable },
          data,
        });
      const { detail } = request.query;
      if (detail !== 'true' && detail !== '1') return { success: true as const, data };
      await options.requireAdministrator(request);
      return { success: true as const, data: { ...data, detail: await health.detail() } };
    },
  );
}
