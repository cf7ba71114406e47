import { OAuthCallbackErrorSchema, type OAuthCallbackError } from '@rota/contracts';
import { safeReturnPath } from '../../lib/return-path';

/**
 * What the server's GitHub callback put in /auth/callback's URL fragment: Rota's tokens and the
 * page to return to, or an error code. The fragment never reaches a server (nor logs or Referer).
 */
export type CallbackFailure = OAuthCallbackError | 'verify_failed' | 'unknown';

export type HandOver =
  | { kind: 'tokens'; token: string; refreshToken: string; next: string | null }
  | { kind: 'error'; error: CallbackFailure };

export function readHandOver(hash: string): HandOver {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error');
  if (error !== null) {
    const known = OAuthCallbackErrorSchema.safeParse(error);
    return { kind: 'error', error: known.success ? known.data : 'unknown' };
  }
  const token = params.get('token');
  const refreshToken = params.get('refreshToken');
  if (!token || !refreshToken) return { kind: 'error', error: 'unknown' };
  return { kind: 'tokens', token, refreshToken, next: safeReturnPath(params.get('next')) };
}
