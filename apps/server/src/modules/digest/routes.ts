import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DigestPreviewSchema, ErrorResponseSchema, successEnvelope } from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { DigestService } from './service.js';

/** `GET /api/notifications/digest/preview`: the next digest, as it would be sent. */
export async function digestRoutes(app: FastifyInstance, options: { digest: DigestService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/notifications/digest/preview',
    {
      schema: {
        tags: ['notifications'],
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(DigestPreviewSchema), 401: ErrorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.digest.preview(requireUserId(request)),
    }),
  );
}
