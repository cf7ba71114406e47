import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCodes } from '@rota/contracts';
import { constantTimeEqual, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { apiNotFound } from '../../plugins/error-handler.js';
import type { ProcessMetrics } from './process-metrics.js';

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  // Digests of both: equal lengths, so the comparison tells nothing of the token's length.
  return match?.[1] !== undefined && constantTimeEqual(sha256Hex(match[1]), sha256Hex(token));
}

/**
 * `GET /metrics` for Prometheus: the text exposition format, not JSON, and not part of the API
 * (not in the OpenAPI document, like the webhook receiver). Without METRICS_TOKEN there are no
 * metrics and the path is the 404 of any unknown route; with it, only its bearer gets them.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  options: { metrics: ProcessMetrics | undefined; token: string | undefined },
) {
  const { metrics, token } = options;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metrics || !token)
      return reply.code(404).send(apiNotFound(request.id, request.method, request.url));
    if (!bearerMatches(request, token))
      throw new AppError(ErrorCodes.unauthorized, 'Authentication required', undefined, {
        'www-authenticate': 'Bearer',
      });
    const { contentType, text } = await metrics.exposition();
    return reply.header('cache-control', 'no-store').type(contentType).send(text);
  });
}

/** Records every answered request's method, route pattern, status and time. */
export function recordRequests(app: FastifyInstance, metrics: ProcessMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.requests.served(
      request.method,
      // Unmatched requests (404s, errors before routing) share one label: URLs are unbounded.
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
}
