import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ErrorCodes,
  ValidationMessages,
  findUnstorableTexts,
  type FieldError,
  type InputPath,
} from '@rota/contracts';
import { AppError } from '../lib/errors.js';

/** Names a finding as the schema errors do (`repos.0.url`); the SPA's catch-all parameter is the path. */
function fieldName(path: InputPath, where: 'params' | 'query' | 'body'): string {
  if (where === 'params' && path[0] === '*') return 'path';
  return path.length === 0 ? where : path.join('.');
}

export function unstorableInputErrors(request: FastifyRequest): FieldError[] {
  const sources = [
    ['params', request.params],
    ['query', request.query],
    // A raw body (the webhook receiver keeps the bytes it verifies) is no text to walk; whoever
    // parses it stores what they parsed.
    ['body', Buffer.isBuffer(request.body) ? undefined : request.body],
  ] as const;
  return sources.flatMap(([where, input]) =>
    findUnstorableTexts(input).map((path) => ({
      path: fieldName(path, where),
      message: ValidationMessages.unstorableText,
    })),
  );
}

/**
 * One gate for every route, present and future: before any schema or handler sees a request,
 * its path parameters, query and JSON body are walked, and a text PostgreSQL or the file system
 * cannot take (NUL, unpaired surrogates: contracts' `isStorableText`) answers 400
 * VALIDATION_ERROR naming the field. A hook rather than a rule in each zod schema, so a new route
 * or a field written as plain `z.string()` cannot forget it.
 */
export function registerStorableInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const errors = unstorableInputErrors(request);
    const first = errors[0];
    if (!first) return;
    throw new AppError(
      ErrorCodes.validation,
      `The field "${first.path}" contains a character that cannot be stored (NUL or a broken Unicode character); remove it`,
      errors,
    );
  });
}
