import type { FastifyInstance } from 'fastify';
import { example } from './rest-examples.js';
import { basicError, restRoute, type DoubleContext } from './rest-route.js';

/**
 * `GET /user`: the authenticated user, GitHub's own example with the caller's login and id put
 * in. Like GitHub, the answer lists a classic token's scopes in `x-oauth-scopes` (and what the
 * endpoint accepts in `x-accepted-oauth-scopes`); a token registered without scopes (a
 * fine-grained token) gets no `x-oauth-scopes` header at all. Anonymous callers get 401.
 */
export async function restUserRoutes(app: FastifyInstance, context: DoubleContext) {
  restRoute(app, context, {
    method: 'GET',
    path: '/user',
    handle: ({ user }) => {
      if (!user) return basicError(401, 'Requires authentication');
      const body = example('private-user-response-with-public-and-private-profile-information');
      return {
        body: {
          ...body,
          id: user.id,
          login: user.login,
          url: `${context.apiUrl()}/users/${user.login}`,
          html_url: `${context.webUrl()}/${user.login}`,
        },
        headers: {
          'x-accepted-oauth-scopes': '',
          ...(user.scopes ? { 'x-oauth-scopes': user.scopes.join(', ') } : {}),
        },
      };
    },
  });
}
