import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  successEnvelope,
  UpdateUserSettingsBody,
  UserSettingsSchema,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { SettingsService } from './service.js';

/** Spec §7 User: `GET` and `PUT /api/user/settings`. */
export async function settingsRoutes(app: FastifyInstance, options: { settings: SettingsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['settings'], security: [{ bearerAuth: [] }] };
  const response = {
    200: successEnvelope(UserSettingsSchema),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
  };

  api.get('/api/user/settings', { schema: { ...schema, response } }, async (request) => ({
    success: true as const,
    data: await options.settings.get(requireUserId(request)),
  }));

  api.put(
    '/api/user/settings',
    {
      schema: { ...schema, body: UpdateUserSettingsBody, response },
    },
    async (request) => ({
      success: true as const,
      data: await options.settings.update(requireUserId(request), request.body),
    }),
  );
}
