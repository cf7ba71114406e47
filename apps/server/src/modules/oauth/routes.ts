import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  GitHubTokenRefreshResponseSchema,
  successEnvelope,
} from '@rota/contracts';
import { requireUserId } from '../../plugins/authenticate.js';
import { browserKeyCookie, clearBrowserKeyCookie, readBrowserKey } from './cookie.js';
import { STATE_TTL_MS, type CallbackOutcome, type OAuthService } from './service.js';

export interface OAuthRoutesOptions {
  oauth: OAuthService;
  /** Where the web app lives: the callback hands over to its /auth/callback page. */
  webOrigin: string;
  /** PUBLIC_URL is https: the cookie is then Secure. */
  secureCookies: boolean;
}

const param = z.string().max(4096).optional();

/**
 * Tokens and errors go in the URL fragment: browsers never send it to a server, so it stays out of
 * access logs, proxies and Referer headers, unlike a query string.
 */
export function callbackLocation(webOrigin: string, outcome: CallbackOutcome): string {
  const fragment = new URLSearchParams();
  if (outcome.ok) {
    fragment.set('token', outcome.token);
    fragment.set('refreshToken', outcome.refreshToken);
    if (outcome.returnPath) fragment.set('next', outcome.returnPath);
  } else {
    fragment.set('error', outcome.error);
  }
  return `${webOrigin}/auth/callback#${fragment.toString()}`;
}

export async function oauthRoutes(app: FastifyInstance, options: OAuthRoutesOptions) {
  const { oauth, webOrigin, secureCookies } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  // 503 while GITHUB_CLIENT_ID/SECRET are unset is documented, so clients and the fuzz suite know it.
  const redirects = {
    400: ErrorResponseSchema,
    429: ErrorResponseSchema,
    503: ErrorResponseSchema,
  };

  api.get(
    '/api/oauth/github',
    {
      schema: {
        tags,
        description: 'Redirects (302) to GitHub to sign in; `next` is the page to return to.',
        querystring: z.object({ next: z.string().max(2048).optional() }),
        response: redirects,
      },
    },
    async (request, reply) => {
      const { authorizeUrl, browserKey } = await oauth.start(request.query.next, request.ip);
      void reply.header(
        'set-cookie',
        browserKeyCookie(browserKey, STATE_TTL_MS / 1000, secureCookies),
      );
      void reply.header('cache-control', 'no-store');
      return reply.redirect(authorizeUrl, 302);
    },
  );

  api.get(
    '/api/oauth/github/callback',
    {
      schema: {
        tags,
        description: "GitHub's return; redirects (302) to the web app's /auth/callback.",
        querystring: z.object({
          code: param,
          state: param,
          error: param,
          error_description: param,
        }),
        response: redirects,
      },
    },
    async (request, reply) => {
      const outcome = await oauth.complete({
        state: request.query.state,
        code: request.query.code,
        error: request.query.error,
        browserKey: readBrowserKey(request.headers.cookie),
      });
      if (!outcome.ok) request.log.info({ reason: outcome.error }, 'GitHub sign-in failed');
      void reply.header('set-cookie', clearBrowserKeyCookie(secureCookies));
      void reply.header('cache-control', 'no-store');
      void reply.header('referrer-policy', 'no-referrer');
      return reply.redirect(callbackLocation(webOrigin, outcome), 302);
    },
  );

  api.post(
    '/api/oauth/refresh-token',
    {
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        description:
          'Refreshes an expiring GitHub user token (GitHub App) and stores the new pair.',
        response: {
          200: successEnvelope(GitHubTokenRefreshResponseSchema),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          502: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await oauth.refreshGitHubToken(requireUserId(request)),
    }),
  );
}
