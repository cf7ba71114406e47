import { ErrorCodes } from '@rota/contracts';
import { AppError } from '../../lib/errors.js';
import { GitHubNoAnswer } from './answer-timeout.js';
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
  if (caught instanceof GitHubNoAnswer) {
    return new AppError(
      ErrorCodes.githubUnavailable,
      `GitHub did not answer within ${caught.timeoutMs / 1000} seconds. Try again in a few minutes.`,
    );
  }
  const error = (caught ?? {}) as GitHubFailure;
  const status = typeof error.status === 'number' ? error.status : 0;
  if (status === 401) {
    return new AppError(
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
      ErrorCodes.githubRateLimited,
      `GitHub's rate limit for this token is used up until ${at}. Try again then; stored data is shown meanwhile where there is any.`,
      undefined,
      { 'retry-after': String(Math.max(1, Math.ceil(waitS))), 'x-github-reset': at },
    );
  }
  if (status === 403) {
    return new AppError(
      ErrorCodes.githubForbidden,
      'GitHub refused access with this token. Check that it may read this repository or organisation.',
    );
  }
  if (status === 404) {
    return new AppError(
      ErrorCodes.githubNotFound,
      'GitHub has no such repository, or it is private and the token in use may not see it.',
    );
  }
  return new AppError(
    ErrorCodes.githubUnavailable,
    'GitHub did not answer properly. Try again in a few minutes.',
  );
}

/**
 * GitHub's answer as an AppError with its reason. GraphQL answers 200 with `errors`: a spent limit
 * there is a rate limit like REST's. Anything that is not GitHub's answer (a bug) is left as is.
 */
export function gitHubGraphqlError(caught: unknown): unknown {
  if (caught instanceof AppError) return caught;
  const errors = (caught as { errors?: Array<{ type?: string }> } | null)?.errors;
  if (Array.isArray(errors)) {
    const headers = (caught as { headers?: Record<string, string> }).headers ?? {};
    if (errors.some((error) => error.type === 'RATE_LIMITED'))
      return gitHubError({
        status: 403,
        response: { headers: { ...headers, 'x-ratelimit-remaining': '0' } },
      });
    if (errors.some((error) => error.type === 'NOT_FOUND')) return gitHubError({ status: 404 });
    if (errors.some((error) => error.type === 'FORBIDDEN')) return gitHubError({ status: 403 });
    return gitHubError({ status: 502 });
  }
  if (typeof (caught as { status?: unknown } | null)?.status === 'number')
    return gitHubError(caught);
  return caught;
}
