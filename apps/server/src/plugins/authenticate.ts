import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { ErrorCodes } from '@rota/contracts';
import { AppError } from '../lib/errors.js';
import type { AccessTokens } from '../modules/auth/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by authentication on protected routes. */
    userId?: string;
  }
  interface FastifyContextConfig {
    /**
     * How a protected route authenticates: by default the token and that its user still exists;
     * 'token' checks the token only, for routes whose first read proves the user
     * (createOwnReadAuthentication).
     */
    authentication?: 'token';
  }
}

type AuthenticationCheck = (request: FastifyRequest) => Promise<void>;

/** The checks made here, so a route that runs one in a later hook is recognised. */
const checks = new WeakSet<(...args: never[]) => unknown>();
function check(run: AuthenticationCheck): AuthenticationCheck {
  checks.add(run);
  return run;
}

/**
 * Whether a route's schema declares it protected, as the OpenAPI document then shows it: its
 * security requires a bearer token in every alternative. An empty alternative (`[{}, {bearerAuth:
 * []}]`) means anonymous requests are taken too, and the route checks a token itself when it
 * matters to its answer.
 */
export function requiresBearer(schema: unknown): boolean {
  const security = (schema as { security?: unknown } | undefined)?.security;
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    security.every((requirement) => 'bearerAuth' in Object(requirement))
  );
}

/**
 * Authentication in one place: every route whose schema declares `security: [{ bearerAuth: [] }]`
 * (which is what marks it protected in the OpenAPI document) authenticates as its first onRequest
 * hook, before its body is read or anything is validated, so an anonymous request is 401 whatever
 * it sent (proofs/authentication-first.test.ts). A route that runs a check in a later hook without
 * declaring security fails the start; with security declared, such a check is dropped as redundant.
 */
export function registerAuthentication(
  app: FastifyInstance,
  given: { user: AuthenticationCheck; token: AuthenticationCheck },
): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const late = preHandlers.filter((hook) => checks.has(hook));
    if (!requiresBearer(route.schema)) {
      if (late.length > 0)
        throw new Error(
          `${String(route.method)} ${route.url} authenticates, but its schema declares no ` +
            'security: add security: [{ bearerAuth: [] }] (authentication then runs first)',
        );
      return;
    }
    const run = route.config?.authentication === 'token' ? given.token : given.user;
    const onRequest = [route.onRequest ?? []].flat();
    if (!onRequest.includes(run)) route.onRequest = [run, ...onRequest];
    if (late.length > 0) route.preHandler = preHandlers.filter((hook) => !checks.has(hook));
  });
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
 * Requires a valid Bearer access token of a user who still exists, and records whose it is. The
 * lookup costs one primary-key read per request; without it a deleted user's token would pass
 * every route until it expires and fail later inside SQL (foreign keys).
 */
export function createAuthenticate(
  tokens: AccessTokens,
  userExists: (userId: string) => Promise<boolean>,
): AuthenticationCheck {
  return check(async function authenticate(request: FastifyRequest): Promise<void> {
    const userId = await verifiedUserId(tokens, request);
    if (!(await userExists(userId))) throw userGone();
    request.userId = userId;
  });
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
    authenticate: check(async (request: FastifyRequest): Promise<void> => {
      request.userId = await verifiedUserId(tokens, request);
    }),
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

/** The authenticated user's id; only call on protected routes (security: bearerAuth). */
export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw new AppError(ErrorCodes.unauthorized, 'Authentication required');
  return request.userId;
}
