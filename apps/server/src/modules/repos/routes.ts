import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  GitHubRepoListSchema,
  ListGitHubReposQuery,
  successEnvelope,
  UnwatchRepoResponseSchema,
  WatchedRepoListSchema,
  WatchRepoBody,
  WatchRepoParams,
  WatchRepoResponseSchema,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { GitHubReposService } from './github-repos-service.js';
import type { WatchedReposService } from './watched-service.js';

/** Spec §7 "Repos": the user's GitHub repositories, for the project modal's picker. */
export async function repoRoutes(
  app: FastifyInstance,
  options: {
    repos: GitHubReposService;
    watched: WatchedReposService;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['github'], security: [{ bearerAuth: [] }] };
  const githubErrors = {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    404: ErrorResponseSchema,
    424: ErrorResponseSchema,
    429: ErrorResponseSchema,
    502: ErrorResponseSchema,
  };
  api.get(
    '/api/repos/github',
    {
      schema: {
        tags: ['github'],
        security: [{ bearerAuth: [] }],
        querystring: ListGitHubReposQuery,
        response: {
          200: successEnvelope(GitHubRepoListSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          409: ErrorResponseSchema,
          424: ErrorResponseSchema,
          429: ErrorResponseSchema,
          502: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.repos.list(requireUserId(request), request.query),
    }),
  );

  api.get(
    '/api/repos/watched',
    {
      schema: {
        ...schema,
        response: { 200: successEnvelope(WatchedRepoListSchema), 401: ErrorResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.watched.list(requireUserId(request)),
    }),
  );

  api.post(
    '/api/repos/watch',
    {
      schema: {
        ...schema,
        body: WatchRepoBody,
        response: {
          200: successEnvelope(WatchRepoResponseSchema),
          201: successEnvelope(WatchRepoResponseSchema),
          ...githubErrors,
        },
      },
    },
    async (request, reply) => {
      const result = await options.watched.watch(requireUserId(request), request.body);
      return reply.code(result.created ? 201 : 200).send({ success: true as const, data: result });
    },
  );

  api.delete(
    '/api/repos/watch/:owner/:repo',
    {
      schema: {
        ...schema,
        params: WatchRepoParams,
        response: {
          200: successEnvelope(UnwatchRepoResponseSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.watched.unwatch(requireUserId(request), request.params),
    }),
  );
}
