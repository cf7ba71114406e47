import type { FastifyRequest } from 'fastify';
import { ErrorCodes } from '@rota/contracts';
import { AppError } from '../lib/errors.js';
import type { AccessTokens } from '../modules/auth/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` on protected routes. */
    userId?: string;
  }
}

/** Verifies the request's Bearer access token and returns whose it is (401 without a valid one). */
async function verifiedUserId(tokens: AccessTokens, request: FastifyRequest): Promise<string> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  if (!match?.[1]) throw new AppError(ErrorCodes.unauthorized, 'Authentication required');
  return (await tokens.verify(match[1])).userId;
}

const userGone = () => new AppError(ErrorCodes.tokenInvalid, 'Invalid token');

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
    const userId = await verifiedUserId(tokens, request);
    if (!(await userExists(userId))) throw userGone();
    request.userId = userId;
  };
}

/**
 * For routes whose first read finds a row only through the user (a project by `owner_id`, which a
 * user's deletion takes with it, ON DELETE CASCADE): `authenticate` verifies the token only, and
 * that read is the proof the user exists. `whenNotFound` runs the user check only after the route
 * found nothing, so a deleted user still gets 401 and anyone else 404. One statement less per
 * request: on PostgreSQL a round trip less for the stored-analysis read (two waits in
 * the pool's queue against health's one).
 */
export function createOwnReadAuthentication(
  tokens: AccessTokens,
  userExists: (userId: string) => Promise<boolean>,
) {
  return {
    authenticate: async (request: FastifyRequest): Promise<void> => {
      request.userId = await verifiedUserId(tokens, request);
    },
    /** Runs the route's read; a 404 from it is a 401 when the user no longer exists. */
    whenNotFound: async <T>(userId: string, read: () => Promise<T>): Promise<T> => {
      try {
        return await read();
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404 && !(await userExists(userId)))
          throw userGone();
        throw error;
      }
    },
  };
}

export type OwnReadAuthentication = ReturnType<typeof createOwnReadAuthentication>;

/** The authenticated user's id; only call on routes guarded by `authenticate`. */
export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw new AppError(ErrorCodes.unauthorized, 'Authentication required');
  return request.userId;
}
