import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ChatDestinationListSchema,
  ChatDestinationParams,
  ChatDestinationSchema,
  ChatTestResultSchema,
  CreateChatDestinationBody,
  DeletedResponseSchema,
  ErrorResponseSchema,
  ProjectIdParams,
  successEnvelope,
  UpdateChatDestinationBody,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { ChatService } from './service.js';

/** `/api/projects/{id}/chat-destinations`: a project's outgoing chat webhooks (owner only). */
export async function chatRoutes(app: FastifyInstance, options: { chat: ChatService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { chat } = options;
  const schema = { tags: ['chat'], security: [{ bearerAuth: [] }] };
  const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
  const base = '/api/projects/:id/chat-destinations';

  api.get(
    base,
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        response: { 200: successEnvelope(ChatDestinationListSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await chat.list(requireUserId(request), request.params.id),
    }),
  );

  api.post(
    base,
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        body: CreateChatDestinationBody,
        response: {
          201: successEnvelope(ChatDestinationSchema),
          ...errors,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await chat.create(requireUserId(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  api.put(
    `${base}/:destId`,
    {
      schema: {
        ...schema,
        params: ChatDestinationParams,
        body: UpdateChatDestinationBody,
        response: { 200: successEnvelope(ChatDestinationSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await chat.update(
        requireUserId(request),
        request.params.id,
        request.params.destId,
        request.body,
      ),
    }),
  );

  api.delete(
    `${base}/:destId`,
    {
      schema: {
        ...schema,
        params: ChatDestinationParams,
        response: { 200: successEnvelope(DeletedResponseSchema), ...errors },
      },
    },
    async (request) => {
      await chat.remove(requireUserId(request), request.params.id, request.params.destId);
      return {
        success: true as const,
        data: { id: request.params.destId, deleted: true as const },
      };
    },
  );

  api.post(
    `${base}/:destId/test`,
    {
      schema: {
        ...schema,
        params: ChatDestinationParams,
        response: { 200: successEnvelope(ChatTestResultSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await chat.test(requireUserId(request), request.params.id, request.params.destId),
    }),
  );
}
