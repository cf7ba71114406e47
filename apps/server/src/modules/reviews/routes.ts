import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  ManualReviewParams,
  ProjectIdParams,
  RepoReviewsParams,
  ReviewDetailSchema,
  ReviewIdParams,
  ReviewListSchema,
  ReviewRecordSchema,
  successEnvelope,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { ReviewsService } from './service.js';

/** Reviews: ask Rota to review a pull request, and read its reviews. */
export async function reviewRoutes(
  app: FastifyInstance,
  options: {
    reviews: ReviewsService;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['reviews'], security: [{ bearerAuth: [] }] };
  const errors = {
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
  };

  api.post(
    '/api/webhook/review/:owner/:repo/:number',
    {
      schema: {
        ...schema,
        params: ManualReviewParams,
        response: {
          200: successEnvelope(ReviewRecordSchema),
          202: successEnvelope(ReviewRecordSchema),
          ...errors,
          // GitHub's refusals while reading the pull request's head (token revoked, rate limit, down).
          403: ErrorResponseSchema,
          409: ErrorResponseSchema,
          424: ErrorResponseSchema,
          429: ErrorResponseSchema,
          502: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { review, done } = await options.reviews.requestManual(
        requireUserId(request),
        request.params,
      );
      return reply.code(done ? 200 : 202).send({ success: true as const, data: review });
    },
  );

  api.get(
    '/api/projects/:id/reviews',
    {
      schema: {
        ...schema,
        params: ProjectIdParams,
        response: { 200: successEnvelope(ReviewListSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.reviews.listForProject(requireUserId(request), request.params.id),
    }),
  );

  api.get(
    '/api/repos/reviews/:owner/:repo',
    {
      schema: {
        ...schema,
        params: RepoReviewsParams,
        response: { 200: successEnvelope(ReviewListSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.reviews.listForRepository(requireUserId(request), request.params),
    }),
  );

  api.get(
    '/api/reviews/:reviewId',
    {
      schema: {
        ...schema,
        params: ReviewIdParams,
        response: { 200: successEnvelope(ReviewDetailSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.reviews.detail(requireUserId(request), request.params.reviewId),
    }),
  );
}
