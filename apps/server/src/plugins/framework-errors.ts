import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCodes, ErrorStatuses, type ErrorCode } from '@rota/contracts';
import { errorBody } from './error-handler.js';

/**
 * Errors Fastify answers before a route (and so the error handler) is chosen: a URL whose
 * percent-encoding does not decode, and a path parameter over `maxParamLength`. Given to Fastify
 * as `frameworkErrors`, so they answer in the envelope like every other error.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const known: Record<string, [ErrorCode, string]> = {
    FST_ERR_BAD_URL: [
      ErrorCodes.badRequest,
      'The URL is malformed (broken percent-encoding); check the address',
    ],
    FST_ERR_MAX_PARAM_LENGTH: [
      ErrorCodes.uriTooLong,
      'A part of the URL is too long; check the address',
    ],
  };
  const [code, message] = known[error.code] ?? [ErrorCodes.internal, 'Internal server error'];
  const status = ErrorStatuses[code];
  if (status >= 500) request.log.error({ err: error }, 'framework error');
  void reply
    .code(status)
    .header('x-request-id', request.id)
    .send(errorBody(code, message, request.id));
}

/** Node's HTTP parser errors (no request exists yet), in the envelope, as raw HTTP on the socket. */
const CLIENT_ERRORS: Record<string, [ErrorCode, string]> = {
  HPE_HEADER_OVERFLOW: [
    ErrorCodes.headersTooLarge,
    'The request headers (or its URL) are too large; send fewer or shorter headers',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [
    ErrorCodes.requestTimeout,
    'The request took too long to arrive; try again',
  ],
};

/**
 * Replaces Fastify's default `clientErrorHandler`, which writes `{error, message, statusCode}`.
 * `this` is the Fastify instance.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // An answer already under way (a route that replied before the slow body ended) cannot be
  // followed by another on the same bytes: the connection just ends.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (inFlight?.headersSent) {
    socket.destroy(error);
    return;
  }
  const [code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    ErrorCodes.badRequest,
    'The request is not valid HTTP',
  ];
  const status = ErrorStatuses[code];
  const requestId = randomUUID();
  this.log.debug({ err: error, requestId }, 'client error');
  const body = JSON.stringify(errorBody(code, message, requestId));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `x-request-id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

/**
 * While the server shuts down, requests still arriving on open connections answer 503 in the
 * envelope; Fastify's own `return503OnClosing` answer is plain `{error, message, statusCode}`,
 * so it is turned off in favour of this one.
 */
export function registerShutdownAnswer(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!closing) return;
    // Sent as text: a route's own 503 schema (health) must not reshape the envelope.
    const body = errorBody(
      ErrorCodes.serviceUnavailable,
      'The server is shutting down; try again in a moment',
      request.id,
    );
    return reply
      .code(ErrorStatuses[ErrorCodes.serviceUnavailable])
      .header('connection', 'close')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body));
  });
}
