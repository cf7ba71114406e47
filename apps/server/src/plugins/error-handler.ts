import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import {
  ErrorCodes,
  ErrorStatuses,
  type ErrorCode,
  type ErrorResponse,
  type FieldError,
} from '@rota/contracts';
import { AppError } from '../lib/errors.js';

/** Fastify's own 4xx errors, given a stable code and a message safe to show. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: ErrorCodes.badRequest,
    message: 'Request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: ErrorCodes.badRequest, message: 'Request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: ErrorCodes.payloadTooLarge,
    message: 'Request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: ErrorCodes.unsupportedMediaType,
    message: 'Unsupported content type; send application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: ErrorCodes.badRequest,
    message: 'Invalid content length',
  },
};

export function errorBody(
  code: string,
  message: string,
  requestId: string,
  errors?: FieldError[],
): ErrorResponse {
  return { success: false, error: { message, code, ...(errors ? { errors } : {}), requestId } };
}

/**
 * One error handler for the whole API: validation → 400 with errors[], AppError → its
 * status, Fastify's client errors → their 4xx, anything else → 500 without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // A body that is not an object at all gets a plain sentence instead of zod's type jargon.
        const message =
          path === '' && /expected object/.test(issue.message ?? '')
            ? 'Request body must be a JSON object'
            : (issue.message ?? 'Invalid value');
        return { path, message };
      });
      return reply
        .code(ErrorStatuses[ErrorCodes.validation])
        .send(
          errorBody(
            ErrorCodes.validation,
            errors[0]?.message ?? 'Validation failed',
            request.id,
            errors,
          ),
        );
    }
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send(errorBody(error.code, error.message, request.id, error.errors));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return reply
        .code(ErrorStatuses[known.code])
        .send(errorBody(known.code, known.message, request.id));
    }
    if (error.statusCode === 429) {
      return reply
        .code(ErrorStatuses[ErrorCodes.rateLimited])
        .send(errorBody(ErrorCodes.rateLimited, 'Too many requests', request.id));
    }
    // Fastify's other 4xx keep their own status under the one generic code (405, 406, 416, …).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply
        .code(error.statusCode)
        .send(errorBody(ErrorCodes.badRequest, 'Bad request', request.id));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ issues: error.cause.issues }, 'response did not match its schema');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply
      .code(ErrorStatuses[ErrorCodes.internal])
      .send(errorBody(ErrorCodes.internal, 'Internal server error', request.id));
  });
}

/** The JSON 404 for unknown API routes. */
export function apiNotFound(requestId: string, method: string, url: string): ErrorResponse {
  const path = url.split('?')[0] ?? url;
  return errorBody(ErrorCodes.notFound, `Route ${method} ${path} not found`, requestId);
}
