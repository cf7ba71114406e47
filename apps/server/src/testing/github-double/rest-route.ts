import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DoubleLimits, DoubleUser, RateResource } from './rest-limits.js';

/** What the double served, so a test can hold every answer to GitHub's OpenAPI description. */
export interface ServedResponse {
  method: string;
  /** The OpenAPI path template, e.g. `/repos/{owner}/{repo}`. */
  path: string;
  status: number;
  body: unknown;
}

/** One call as the double saw it (tests count calls and check what was spent). */
export interface SeenRequest {
  method: string;
  url: string;
  status: number;
  caller: string;
}

export interface DoubleContext {
  limits: DoubleLimits;
  served: ServedResponse[];
  requests: SeenRequest[];
  /** Where the double's own links point (the API URL including any GHES prefix). */
  apiUrl: () => string;
  /** Where html_url links point (GITHUB_WEB_URL of the app under test). */
  webUrl: () => string;
}

export interface RestAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  user: DoubleUser | null;
  /** The token used (or `anonymous`): rate-limit buckets are kept per caller. */
  caller: string;
  /** The parsed JSON body of a POST (undefined for GET and DELETE). */
  body: unknown;
}

const DOCS = 'https://docs.github.com/rest';

/** GitHub takes a DELETE (or any call) with a JSON content type and no body; so does the double. */
export function parseJsonLikeGitHub(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(Object.assign(new Error('Problems parsing JSON'), { statusCode: 400 }), undefined);
    }
  });
}

export const basicError = (status: number, message: string) => ({
  status,
  body: { message, documentation_url: DOCS, status: String(status) },
});

/**
 * Registers one REST operation the way GitHub serves it: authentication, rate-limit buckets and
 * headers, secondary limits, ETags with If-None-Match → 304 that spends nothing. `prefix` is ''
 * for api.github.com or '/api/v3' for GitHub Enterprise Server.
 */
export function restRoute(
  app: FastifyInstance,
  context: DoubleContext,
  operation: {
    method: 'GET' | 'POST' | 'DELETE';
    path: string;
    resource?: RateResource;
    /** false for /rate_limit: asking for the limit spends none of it. */
    counts?: boolean;
    handle: (request: RestRequest) => RestAnswer;
  },
): void {
  const url = operation.path.replace(/\{(\w+)\}/g, ':$1');
  const resource = operation.resource ?? 'core';
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    caller: string,
    status: number,
    body: unknown,
  ) => {
    context.requests.push({ method: request.method, url: request.url, status, caller });
    const bodiless = status === 304 || status === 204;
    if (status !== 304) {
      const method = operation.method.toLowerCase();
      context.served.push({
        method,
        path: operation.path,
        status,
        body: bodiless ? undefined : body,
      });
    }
    return reply.code(status).send(bodiless ? undefined : body);
  };
  app.route({
    method: operation.method,
    url,
    handler: async (request, reply) => {
      const who = context.limits.identify(request.headers.authorization);
      if (!who.ok) {
        const error = basicError(401, 'Bad credentials');
        return answer(request, reply, 'invalid', error.status, error.body);
      }
      const bucket = context.limits.bucket(who.caller, resource);
      if (context.limits.takeSecondary(who.caller)) {
        void reply.headers({
          ...context.limits.headers(bucket, resource),
          'retry-after': String(context.limits.secondaryRetryAfterS),
        });
        const error = basicError(
          403,
          'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        );
        return answer(request, reply, who.caller, error.status, error.body);
      }
      if (operation.counts !== false && bucket.used >= bucket.limit) {
        void reply.headers(context.limits.headers(bucket, resource));
        const subject = who.user ? `user ID ${who.user.id}` : request.ip;
        const error = basicError(403, `API rate limit exceeded for ${subject}.`);
        return answer(request, reply, who.caller, error.status, error.body);
      }
      const result = operation.handle({
        params: request.params as Record<string, string>,
        query: request.query as Record<string, string>,
        user: who.user,
        caller: who.caller,
        body: request.body,
      });
      const status = result.status ?? 200;
      // GitHub's ETags differ per credential; a 304 for an authorised caller spends no limit.
      const etag = `"${createHash('sha256')
        .update(who.caller)
        .update(JSON.stringify(result.body) ?? '')
        .digest('hex')
        .slice(0, 40)}"`;
      // Only reads have ETags: a write is never "not modified".
      const cacheable = operation.method === 'GET' && status === 200;
      const notModified = cacheable && request.headers['if-none-match'] === etag;
      if (operation.counts !== false && !notModified) bucket.used += 1;
      void reply.headers({ ...context.limits.headers(bucket, resource), ...result.headers });
      if (cacheable) void reply.header('etag', etag);
      return answer(request, reply, who.caller, notModified ? 304 : status, result.body);
    },
  });
}
