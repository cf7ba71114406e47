import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  MarkNotificationsReadBody,
  NotificationListQuery,
  NotificationListSchema,
  successEnvelope,
  UnreadCountSchema,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import type { FeedMessage } from './feed.js';
import type { NotificationsService } from './service.js';

/** How often an open stream sends a comment, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 25_000;

/**
 * `GET /api/notifications`, `POST /api/notifications/read` and the live
 * `GET /api/notifications/stream` (Server-Sent Events).
 */
export async function notificationRoutes(
  app: FastifyInstance,
  options: { notifications: NotificationsService; heartbeatMs?: number },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { notifications } = options;
  const schema = { tags: ['notifications'], security: [{ bearerAuth: [] }] };
  const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };
  // Open streams end when the server closes, so closing never waits for a browser to leave.
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const close of [...open]) close();
  });

  api.get(
    '/api/notifications',
    {
      schema: {
        ...schema,
        querystring: NotificationListQuery,
        response: {
          200: successEnvelope(NotificationListSchema),
          ...errors,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.list(requireUserId(request), request.query),
    }),
  );

  api.post(
    '/api/notifications/read',
    {
      schema: {
        ...schema,
        body: MarkNotificationsReadBody,
        response: { 200: successEnvelope(UnreadCountSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.markRead(requireUserId(request), request.body),
    }),
  );

  // Server-Sent Events: `unread` at once, then `notification` and `unread` as they happen, and a
  // comment every 25 s. A client that does not accept text/event-stream gets the first event only.
  api.get(
    '/api/notifications/stream',
    {
      schema: {
        ...schema,
        produces: ['text/event-stream'],
        response: {
          200: {
            description:
              'Server-Sent Events: `unread` (UnreadCount) at once and when it changes, `notification` (a Notification) when one is made; `: heartbeat` comments every 25 s',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          401: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const live = String(request.headers.accept ?? '').includes('text/event-stream');
      const pending: FeedMessage[] = [];
      let send: (message: FeedMessage) => void = (message) => void pending.push(message);
      // Listening before counting: nothing made in between is missed.
      const stop = live
        ? await notifications.watch(userId, (message) => send(message))
        : () => undefined;
      let first: { unread: number };
      try {
        first = await notifications.unread(userId);
      } catch (error) {
        stop();
        throw error;
      }
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      const write = (event: string, data: unknown) =>
        out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      write('unread', first);
      if (!live) {
        out.end();
        return;
      }
      send = (message) => {
        if (message.type === 'notification') write('notification', message.notification);
        write('unread', { unread: message.unread });
      };
      for (const message of pending.splice(0)) send(message);
      const heartbeat = setInterval(
        () => out.write(': heartbeat\n\n'),
        options.heartbeatMs ?? HEARTBEAT_MS,
      );
      const close = () => {
        if (!open.delete(close)) return;
        clearInterval(heartbeat);
        stop();
        out.end();
      };
      open.add(close);
      request.raw.on('close', close);
      out.on('close', close);
      // Gone while the count was read: nothing will tell us again.
      if (request.raw.destroyed || out.destroyed) close();
    },
  );
}
