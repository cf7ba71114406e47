import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthProvidersResponseSchema,
  AuthResponseSchema,
  ErrorResponseSchema,
  LoginBody,
  LogoutBody,
  RefreshBody,
  RefreshResponseSchema,
  RegisterBody,
  VerifyResponseSchema,
  successEnvelope,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { AuthService } from './service.js';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

export interface AuthRoutesOptions {
  auth: AuthService;
  /** GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET are set. */
  githubSignIn: boolean;
}

export async function authRoutes(app: FastifyInstance, { auth, githubSignIn }: AuthRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  api.post(
    '/api/auth/register',
    {
      schema: {
        tags,
        body: RegisterBody,
        response: { 201: successEnvelope(AuthResponseSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await auth.register(request.body, request.ip);
      return reply.code(201).send({ success: true, data });
    },
  );

  api.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        body: LoginBody,
        response: { 200: successEnvelope(AuthResponseSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await auth.login(request.body, request.ip),
    }),
  );

  api.post(
    '/api/auth/refresh',
    {
      schema: {
        tags,
        body: RefreshBody,
        response: { 200: successEnvelope(RefreshResponseSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await auth.refresh(request.body.refreshToken),
    }),
  );

  api.post(
    '/api/auth/logout',
    {
      schema: {
        tags,
        body: LogoutBody,
        response: { 200: successEnvelope(z.object({ loggedOut: z.literal(true) })), ...errors },
      },
    },
    async (request) => {
      await auth.logout(request.body?.refreshToken);
      return { success: true as const, data: { loggedOut: true as const } };
    },
  );

  api.get(
    '/api/auth/verify',
    {
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        response: { 200: successEnvelope(VerifyResponseSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: { user: await auth.currentUser(requireUserId(request)) },
    }),
  );

  api.get(
    '/api/auth/providers',
    { schema: { tags, response: { 200: successEnvelope(AuthProvidersResponseSchema) } } },
    async () => ({
      success: true as const,
      data: {
        password: { enabled: true as const },
        github: githubSignIn
          ? { enabled: true, reason: null }
          : { enabled: false, reason: 'not_configured' as const },
      },
    }),
  );
}
