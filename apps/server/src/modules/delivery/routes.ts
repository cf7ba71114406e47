import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DeliveryQuerySchema,
  DeliverySchema,
  ErrorResponseSchema,
  ProjectIdParams,
  successEnvelope,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { DeliveryService } from './service.js';

/** A project's delivery figures: `GET /api/projects/{id}/delivery`. */
export async function deliveryRoutes(app: FastifyInstance, options: { delivery: DeliveryService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/projects/:id/delivery',
    {
      schema: {
        tags: ['projects'],
        security: [{ bearerAuth: [] }],
        params: ProjectIdParams,
        querystring: DeliveryQuerySchema,
        response: {
          200: successEnvelope(DeliverySchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.delivery.forProject(
        requireUserId(request),
        request.params.id,
        request.query,
      ),
    }),
  );
}
