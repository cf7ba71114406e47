import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DeliverySettingsInputSchema,
  DeliverySettingsSchema,
  ErrorResponseSchema,
  IncidentInputSchema,
  IncidentTokenSchema,
  PostedIncidentSchema,
  ProjectIdParams,
  successEnvelope,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { DeliverySettingsService } from './service.js';

/**
 * A project's delivery settings and incident token (its owner, signed in), and the incidents
 * endpoint a paging tool posts to with that token instead of a user's sign-in.
 */
export async function deliverySettingsRoutes(
  app: FastifyInstance,
  options: { settings: DeliverySettingsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
  const base = { tags: ['projects'], security: [{ bearerAuth: [] }], params: ProjectIdParams };
  const { settings } = options;

  api.get(
    '/api/projects/:id/delivery/settings',
    { schema: { ...base, response: { 200: successEnvelope(DeliverySettingsSchema), ...errors } } },
    async (request) => ({
      success: true as const,
      data: await settings.get(requireUserId(request), request.params.id),
    }),
  );
  api.put(
    '/api/projects/:id/delivery/settings',
    {
      schema: {
        ...base,
        body: DeliverySettingsInputSchema,
        response: { 200: successEnvelope(DeliverySettingsSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await settings.save(requireUserId(request), request.params.id, request.body),
    }),
  );
  api.post(
    '/api/projects/:id/delivery/incident-token',
    {
      schema: { ...base, response: { 201: successEnvelope(IncidentTokenSchema), ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send({
        success: true as const,
        data: await settings.createIncidentToken(requireUserId(request), request.params.id),
      }),
  );
  api.delete(
    '/api/projects/:id/delivery/incident-token',
    { schema: { ...base, response: { 200: successEnvelope(DeliverySettingsSchema), ...errors } } },
    async (request) => ({
      success: true as const,
      data: await settings.deleteIncidentToken(requireUserId(request), request.params.id),
    }),
  );

  // The token is checked first, before the body is read: a caller without it learns nothing,
  // not even whether the project exists.
  api.post(
    '/api/projects/:id/incidents',
    {
      schema: {
        tags: ['projects'],
        security: [{ incidentToken: [] }],
        params: ProjectIdParams,
        body: IncidentInputSchema,
        response: {
          200: successEnvelope(PostedIncidentSchema),
          201: successEnvelope(PostedIncidentSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
      onRequest: async (request) => {
        const { id } = request.params as { id?: string };
        await settings.authenticateIncidentPost(
          id ?? '',
          request.headers.authorization,
          request.ip,
        );
      },
    },
    async (request, reply) => {
      const { incident, created } = await settings.postIncident(request.params.id, request.body);
      return reply.code(created ? 201 : 200).send({ success: true as const, data: incident });
    },
  );
}
