import { ErrorCodes } from '@rota/contracts';
import { AppError } from '../../lib/errors.js';
import { isRateLimit } from './conditional-requests.js';

interface GitHubFailure {
  status?: number;
  response?: { headers: Record<string, string | number | undefined> };
}

/**
 * Turns a failed GitHub call into an error that names the cause and what to do. A refused token
 * is 424, not 401: Rota's 401 means "your Rota session", which the web app answers by refreshing
 * and, failing that, signing the user out — wrong for a GitHub token revoked on GitHub's side.
 */
export function gitHubError(caught: unknown, now = Date.now()): AppError {
  if (caught instanceof AppError) return caught;
  const error = (caught ?? {}) as GitHubFailure;
  const status = typeof error.status === 'number' ? error.status : 0;
  if (status === 401) {
    return new AppError(
      424,
      ErrorCodes.githubTokenRevoked,
      'GitHub no longer accepts the GitHub token in use (revoked or expired). Sign in with GitHub again.',
    );
  }
  if ((status === 403 || status === 429) && isRateLimit(error)) {
    const headers = error.response?.headers ?? {};
    const reset = Number(headers['x-ratelimit-reset']);
    const retryAfter = Number(headers['retry-after']);
    const waitS = Number.isFinite(retryAfter)
      ? retryAfter
      : Number.isFinite(reset)
        ? Math.max(1, Math.ceil(reset - now / 1000))
        : 60;
    const at = new Date(now + waitS * 1000).toISOString();
    return new AppError(
      429,
      ErrorCodes.githubRateLimited,
      `GitHub's rate limit for this token is used up until ${at}. Try again then; stored data is shown meanwhile where there is any.`,
      undefined,
      { 'retry-after': String(Math.max(1, Math.ceil(waitS))), 'x-github-reset': at },
    );
  }
  if (status === 403) {
    return new AppError(
      403,
      ErrorCodes.githubForbidden,
      'GitHub refused access with this token. Check that it may read this repository or organisation.',
    );
  }
  if (status === 404) {
    return new AppError(
      404,
      ErrorCodes.githubNotFound,
      'GitHub has no such repository, or it is private and the token in use may not see it.',
    );
  }
  return new AppError(
    502,
    ErrorCodes.githubUnavailable,
    'GitHub did not answer properly. Try again in a few minutes.',
  );
}
