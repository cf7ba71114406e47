import type { FastifyRequest } from 'fastify';
import { ErrorCodes } from '@rota/contracts';
import { AppError } from '../lib/errors.js';
import type { AccessTokens } from '../modules/auth/tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on protected routes. */
    userId?: string;
  }
}

/**
 * A preHandler that requires a valid Bearer access token of a user who still exists, and records
 * whose it is. The lookup costs one primary-key read per request; without it a deleted user's
 * token would pass every route until it expires and fail later inside SQL (foreign keys).
 */
export function createAuthenticate(
  tokens: AccessTokens,
  userExists: (userId: string) => Promise<boolean>,
) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw new AppError(401, ErrorCodes.unauthorized, 'Authentication required');
    const claims = await tokens.verify(match[1]);
    if (!(await userExists(claims.userId)))
      throw new AppError(401, ErrorCodes.tokenInvalid, 'Invalid token');
    request.userId = claims.userId;
  };
}

/** The authenticated user's id; only call on routes guarded by `authenticate`. */
export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw new AppError(401, ErrorCodes.unauthorized, 'Authentication required');
  return request.userId;
}
