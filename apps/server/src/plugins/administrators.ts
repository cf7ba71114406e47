import type { FastifyRequest } from 'fastify';
import { AdministratorMessages, ErrorCodes } from '@rota/contracts';
import { AppError } from '../lib/errors.js';
import { requireUserId } from './authenticate.js';

/**
 * Whether a user may make the administrators' calls (clearing every cache, the health detail).
 * Routes take it from the composition root, which decides who is one.
 */
export type IsAdministrator = (userId: string) => Promise<boolean>;

/**
 * A preHandler: a signed-in user (401 otherwise) who is an administrator (403 otherwise). On a
 * route that declares bearerAuth the user is already authenticated (first, by onRequest); on one
 * that also takes anonymous requests (the health check) this authenticates.
 */
export function createRequireAdministrator(
  authenticate: (request: FastifyRequest) => Promise<void>,
  isAdministrator: IsAdministrator,
) {
  return async function requireAdministrator(request: FastifyRequest): Promise<void> {
    if (!request.userId) await authenticate(request);
    if (!(await isAdministrator(requireUserId(request))))
      throw new AppError(ErrorCodes.forbidden, AdministratorMessages.administratorsOnly);
  };
}
