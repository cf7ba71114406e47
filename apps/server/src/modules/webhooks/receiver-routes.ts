import type { FastifyInstance } from 'fastify';
import { GITHUB_WEBHOOK_PATH } from './install-service.js';
import type { WebhookReceiver } from './receiver-service.js';

/** GitHub caps a delivery at 25 MB; anything larger is no delivery of GitHub's (413). */
export const WEBHOOK_BODY_LIMIT = 25 * 1024 * 1024;

/**
 * `POST /webhook/github`, outside /api and without Rota's authentication: the signature is the
 * authentication. Its own scope keeps the body as raw bytes (the HMAC is over exactly what GitHub
 * sent, so it must not be parsed and re-serialised first) with GitHub's 25 MB limit, while every
 * other route keeps the JSON parser and 1 MB. Not in the OpenAPI document: GitHub is its only
 * client, and a request nobody signed cannot get through it.
 */
export async function webhookReceiverRoutes(
  app: FastifyInstance,
  options: { receiver: WebhookReceiver },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );
  app.post(
    GITHUB_WEBHOOK_PATH,
    { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { hide: true } },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const accepted = await options.receiver.receive({
        body,
        signature: request.headers['x-hub-signature-256'],
        deliveryId: request.headers['x-github-delivery'],
        event: request.headers['x-github-event'],
      });
      return reply.code(202).send({ success: true, data: accepted });
    },
  );
}
