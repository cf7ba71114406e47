import type { FastifyInstance } from 'fastify';
import { ErrorCodes, ErrorResponseSchema } from '@rota/contracts';
import { serviceUnavailable } from '../../lib/errors.js';

/**
 * GitHub sign-in is built by the GitHub issue. Until then these routes exist and say so clearly,
 * instead of a 404 that would look like a broken link.
 */
export async function oauthRoutes(app: FastifyInstance) {
  const unavailable = async () => {
    throw serviceUnavailable(
      ErrorCodes.githubOAuthUnavailable,
      'GitHub sign-in is not available yet: this server has no GitHub application configured.',
    );
  };
  // The 503 is documented, so clients (and the fuzz suite) know it is this route's answer.
  const schema = { tags: ['auth'], response: { 503: ErrorResponseSchema } };
  app.get('/api/oauth/github', { schema }, unavailable);
  app.get('/api/oauth/github/callback', { schema }, unavailable);
}
