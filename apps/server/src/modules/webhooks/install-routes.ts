import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  ProjectIdParams,
  successEnvelope,
  WebhookChangeSchema,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { WebhookInstallService } from './install-service.js';

/** Spec §7 "webhook": install or remove the project's webhooks (the project's owner only). */
export async function webhookInstallRoutes(
  app: FastifyInstance,
  options: {
    webhooks: WebhookInstallService;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['projects'],
    security: [{ bearerAuth: [] }],
    params: ProjectIdParams,
    response: {
      200: successEnvelope(WebhookChangeSchema),
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      404: ErrorResponseSchema,
      409: ErrorResponseSchema,
    },
  };
  api.post('/api/projects/:id/webhook', { schema }, async (request) => ({
    success: true as const,
    data: await options.webhooks.install(requireUserId(request), request.params.id),
  }));
  api.delete('/api/projects/:id/webhook', { schema }, async (request) => ({
    success: true as const,
    data: await options.webhooks.remove(requireUserId(request), request.params.id),
  }));
}
