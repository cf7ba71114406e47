import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AnalyticsQuerySchema,
  DashboardQuerySchema,
  DashboardSchema,
  ErrorResponseSchema,
  ProjectAnalyticsSchema,
  ProjectIdParams,
  successEnvelope,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { DashboardService } from './dashboard.js';
import type { AnalyticsService } from './service.js';

/** A project's analytics and the dashboard. */
export async function analyticsRoutes(
  app: FastifyInstance,
  options: {
    analytics: AnalyticsService;
    dashboard: DashboardService;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
  api.get(
    '/api/projects/:id/analytics',
    {
      schema: {
        tags: ['projects'],
        security: [{ bearerAuth: [] }],
        params: ProjectIdParams,
        querystring: AnalyticsQuerySchema,
        response: { 200: successEnvelope(ProjectAnalyticsSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.analytics.forProject(
        requireUserId(request),
        request.params.id,
        request.query,
      ),
    }),
  );
  api.get(
    '/api/dashboard',
    {
      schema: {
        tags: ['projects'],
        security: [{ bearerAuth: [] }],
        querystring: DashboardQuerySchema,
        response: {
          200: successEnvelope(DashboardSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await options.dashboard.forUser(requireUserId(request), request.query),
    }),
  );
}
