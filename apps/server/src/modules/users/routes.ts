import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountSummarySchema,
  ErrorResponseSchema,
  successEnvelope,
  UpdateUserRoleBody,
  UserListQuery,
  UserListSchema,
  UserRoleParams,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { UsersService } from './service.js';

/** Spec §7 User: `GET /api/user/all` and `PUT /api/user/{userId}/role`, administrators only. */
export async function userAdministrationRoutes(
  app: FastifyInstance,
  options: { users: UsersService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['users'], security: [{ bearerAuth: [] }] };

  api.get(
    '/api/user/all',
    {
      schema: {
        ...schema,
        querystring: UserListQuery,
        response: {
          200: successEnvelope(UserListSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.users.list(requireUserId(request), request.query),
    }),
  );

  api.put(
    '/api/user/:userId/role',
    {
      schema: {
        ...schema,
        params: UserRoleParams,
        body: UpdateUserRoleBody,
        response: {
          200: successEnvelope(AccountSummarySchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.users.setRole(
        requireUserId(request),
        request.params.userId,
        request.body.role,
      ),
    }),
  );
}
