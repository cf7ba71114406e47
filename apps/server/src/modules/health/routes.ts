import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorCodes,
  ErrorResponseSchema,
  HealthResponseSchema,
  successEnvelope,
} from '@rota/contracts';
import type { HealthService } from './service.js';

export async function healthRoutes(app: FastifyInstance, { health }: { health: HealthService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        response: {
          200: successEnvelope(HealthResponseSchema),
          503: ErrorResponseSchema.extend({ data: HealthResponseSchema }),
        },
      },
    },
    async (request, reply) => {
      const data = await health.check(request.log);
      if (data.status === 'ok') return { success: true as const, data };
      // Load balancers read the status code; people read the body, so both tell the truth.
      return reply.code(503).send({
        success: false as const,
        error: { message: 'Database is not reachable', code: ErrorCodes.serviceUnavailable },
        data,
      });
    },
  );
}
