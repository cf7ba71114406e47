import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  OutboxOverviewSchema,
  successEnvelope,
  UnsubscribedSchema,
  UnsubscribeQuery,
} from '@rota/contracts';
import { AppError } from '../../lib/errors.js';
import type { Outbox } from './service.js';
import { unsubscribePage } from './unsubscribe-page.js';
import type { UnsubscribeService } from './unsubscribe.js';

type PreHandler = (request: FastifyRequest) => Promise<void>;

/** A browser following a link or submitting the page's form, not an API client. */
function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

const html = (reply: FastifyReply, status: number, page: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(page);

const htmlAnswer = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});

/**
 * The unsubscribe links of e-mails (public: the signed token is the credential) and the
 * administrators' view of the outbox.
 */
export async function outboxRoutes(
  app: FastifyInstance,
  options: {
    outbox: Outbox;
    unsubscribe: UnsubscribeService;
    /** A signed-in administrator, else 401 or 403. */
    requireAdministrator: PreHandler;
  },
) {
  // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` as a form; the page's
  // button posts an empty form. The token is in the query; the body is not read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, null),
  );
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  api.get(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags,
        description:
          "An e-mail's unsubscribe link: a bilingual page asking to confirm (its button POSTs). Changes nothing.",
        querystring: UnsubscribeQuery,
        produces: ['text/html', 'application/json'],
        response: {
          200: htmlAnswer('The confirmation page'),
          400: ErrorResponseSchema.describe(
            'The token is not valid (an HTML page when the client accepts text/html)',
          ),
        },
      },
    },
    async (request, reply) => {
      try {
        const { topic } = await options.unsubscribe.check(request.query.token);
        const action = `/api/notifications/unsubscribe?token=${encodeURIComponent(request.query.token!)}`;
        return html(reply, 200, unsubscribePage({ kind: 'confirm', topic, action }));
      } catch (error) {
        if (error instanceof AppError && wantsHtml(request))
          return html(reply, 400, unsubscribePage({ kind: 'invalid' }));
        throw error;
      }
    },
  );

  api.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        tags,
        description:
          "Switches off what the token names (a notification kind's e-mails, or the digest). Also RFC 8058's one-click target. A page when the client accepts text/html.",
        querystring: UnsubscribeQuery,
        produces: ['application/json', 'text/html'],
        response: {
          200: successEnvelope(UnsubscribedSchema),
          400: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const { topic } = await options.unsubscribe.unsubscribe(request.query.token);
        if (wantsHtml(request)) return html(reply, 200, unsubscribePage({ kind: 'done', topic }));
        return { success: true as const, data: { topic, unsubscribed: true as const } };
      } catch (error) {
        if (error instanceof AppError && wantsHtml(request))
          return html(reply, 400, unsubscribePage({ kind: 'invalid' }));
        throw error;
      }
    },
  );

  api.get(
    '/api/admin/outbox',
    {
      preHandler: options.requireAdministrator,
      schema: {
        tags: ['administration'],
        security: [{ bearerAuth: [] }],
        description:
          'Messages per channel and status, and the latest that failed for good (administrators only). Never a message body.',
        response: {
          200: successEnvelope(OutboxOverviewSchema),
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
        },
      },
    },
    async () => ({ success: true as const, data: await options.outbox.overview() }),
  );
}
