import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AnalysisAcceptedSchema,
  AnalysisQuerySchema,
  ErrorResponseSchema,
  ProjectAnalysisResponseSchema,
  ProjectIdParams,
  successEnvelope,
  type AnalysisKind,
} from '@rota/contracts';
import { requireUserId, type OwnReadAuthentication } from '../../plugins/authenticate.js';
import { entityTag, noneMatchHits } from './answer-etag.js';
import type { AnalysisService } from './service.js';

export interface AnalysisRoutesOptions {
  analysis: AnalysisService;
  /** The look at the project (by owner) proves the user exists; see createOwnReadAuthentication. */
  auth: OwnReadAuthentication;
}

/**
 * The project analysis endpoints of spec §7. GET reads (starting work only when the repository may
 * have moved on); POST, `?refresh=true` and `?force=true` ask for a fresh fetch and recompute.
 */
const ENDPOINTS: Array<{ path: string; kind: AnalysisKind; post: boolean }> = [
  { path: 'branch-analysis', kind: 'branches', post: false },
  { path: 'readme-analysis', kind: 'readme', post: false },
  { path: 'readme-check', kind: 'readme', post: true },
  { path: 'structure-analysis', kind: 'structure', post: true },
  { path: 'technical-diagram', kind: 'diagram', post: true },
];

export async function analysisRoutes(
  app: FastifyInstance,
  { analysis, auth }: AnalysisRoutesOptions,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = {
    tags: ['analysis'],
    security: [{ bearerAuth: [] }],
    params: ProjectIdParams,
    querystring: AnalysisQuerySchema,
    response: {
      200: successEnvelope(ProjectAnalysisResponseSchema),
      202: successEnvelope(AnalysisAcceptedSchema),
      304: z.null().describe('Not modified: the answer the If-None-Match tag names, unchanged'),
      400: ErrorResponseSchema,
      401: ErrorResponseSchema,
      404: ErrorResponseSchema,
      429: ErrorResponseSchema,
    },
  };
  for (const endpoint of ENDPOINTS) {
    const routes = endpoint.post ? (['GET', 'POST'] as const) : (['GET'] as const);
    for (const method of routes) {
      api.route({
        method,
        url: `/api/projects/:id/${endpoint.path}`,
        // The token only: the project read by owner proves the user exists (see `auth`).
        config: { authentication: 'token' },
        schema,
        handler: async (request, reply) => {
          const flag = request.query.refresh ?? request.query.force;
          const refresh = method === 'POST' || flag === 'true' || flag === '1';
          const userId = requireUserId(request);
          const outcome = await auth.whenNotFound(userId, () =>
            analysis.forProject(userId, request.params.id, endpoint.kind, { refresh }),
          );
          if ('accepted' in outcome)
            return reply.code(202).send({ success: true as const, data: outcome.accepted });
          // The browser keeps the answer and asks again with its tag (no-cache: always asks); the
          // same bytes are then a 304 without a body.
          const tag = entityTag(outcome.ready.json);
          void reply.header('etag', tag).header('cache-control', 'private, no-cache');
          if (noneMatchHits(request.headers['if-none-match'], tag))
            return reply.code(304).send(null);
          // Already JSON (answer-json.ts): a string with a JSON content type is sent as it is,
          // without the route's serializer, which stays declared above for OpenAPI.
          return reply.type('application/json; charset=utf-8').send(outcome.ready.json as never);
        },
      });
    }
  }
}
