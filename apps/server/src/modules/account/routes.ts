import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ConnectGitHubTokenBody,
  ErrorResponseSchema,
  GitHubTokenStatusSchema,
  PasswordChangeBody,
  PasswordChangeResponseSchema,
  ProfileSchema,
  successEnvelope,
  UpdateProfileBody,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { GitHubTokenService } from './github-token-service.js';
import type { ProfileService } from './profile-service.js';

export interface AccountRoutesOptions {
  profile: ProfileService;
  githubToken: GitHubTokenService;
}

/** Spec §7 User: the signed-in user's profile, password and personal GitHub token. */
export async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { profile, githubToken } = options;
  const schema = { tags: ['account'], security: [{ bearerAuth: [] }] };
  const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };

  api.get(
    '/api/user/profile',
    {
      schema: { ...schema, response: { 200: successEnvelope(ProfileSchema), ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await profile.get(requireUserId(request)),
    }),
  );

  api.put(
    '/api/user/profile',
    {
      schema: {
        ...schema,
        body: UpdateProfileBody,
        response: { 200: successEnvelope(ProfileSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await profile.update(requireUserId(request), request.body),
    }),
  );

  api.put(
    '/api/user/password',
    {
      schema: {
        ...schema,
        body: PasswordChangeBody,
        response: {
          200: successEnvelope(PasswordChangeResponseSchema),
          ...errors,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await profile.changePassword(requireUserId(request), request.body, request.ip),
    }),
  );

  const tokenAnswer = { 200: successEnvelope(GitHubTokenStatusSchema), ...errors };
  api.get(
    '/api/user/github-token',
    { schema: { ...schema, response: tokenAnswer } },
    async (request) => ({
      success: true as const,
      data: await githubToken.status(requireUserId(request)),
    }),
  );

  api.put(
    '/api/user/github-token',
    {
      schema: {
        ...schema,
        body: ConnectGitHubTokenBody,
        response: {
          ...tokenAnswer,
          403: ErrorResponseSchema,
          429: ErrorResponseSchema,
          502: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await githubToken.connect(requireUserId(request), request.body.token),
    }),
  );

  api.delete(
    '/api/user/github-token',
    { schema: { ...schema, response: tokenAnswer } },
    async (request) => ({
      success: true as const,
      data: await githubToken.disconnect(requireUserId(request)),
    }),
  );
}
