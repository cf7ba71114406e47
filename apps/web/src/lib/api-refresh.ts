import { AUTH_ENDPOINTS_WITHOUT_REFRESH, REFRESH_URL } from './api-config';
import { unwrap } from './api-envelope';
import { HttpFailure, type ApiRequestConfig, type ApiResponse } from './api-transport';
import { clearTokens, emitSessionEvent, getRefreshToken, storeTokens } from './session';

/** Sends one request with its retries; `token` overrides the stored one. */
export type Send = (config: ApiRequestConfig, token?: string) => Promise<ApiResponse>;

function isAuthEndpoint(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return AUTH_ENDPOINTS_WITHOUT_REFRESH.some((endpoint) => path.endsWith(endpoint));
}

function readRefreshAnswer(body: unknown): { token: string; refreshToken: string | null } {
  const data = unwrap(body) as { token?: unknown; refreshToken?: unknown } | null | undefined;
  if (!data || typeof data.token !== 'string' || data.token === '') {
    throw new Error('refresh answer without a token');
  }
  const refreshToken = typeof data.refreshToken === 'string' ? data.refreshToken : null;
  return { token: data.token, refreshToken };
}

/**
 * Spec §8: on a 401, refresh once with the stored refresh token and repeat the request. Concurrent
 * 401s wait for the same refresh: refresh tokens rotate, so a second refresh with the same token
 * would look like theft to the server and revoke the whole session.
 */
export function withAuthRefresh(send: Send, onSessionExpired: () => void): Send {
  let inFlight: Promise<string> | null = null;

  async function refresh(): Promise<string> {
    try {
      const refreshToken = getRefreshToken();
      if (!refreshToken) throw new Error('no refresh token stored');
      const response = await send({ method: 'POST', url: REFRESH_URL, data: { refreshToken } });
      const answer = readRefreshAnswer(response.data);
      storeTokens(answer.token, answer.refreshToken);
      emitSessionEvent({ type: 'refreshed', token: answer.token });
      return answer.token;
    } catch (error) {
      // Once per failed refresh, however many requests were waiting on it.
      clearTokens();
      emitSessionEvent({ type: 'expired' });
      onSessionExpired();
      throw error;
    }
  }

  return async (config) => {
    try {
      return await send(config);
    } catch (error) {
      if (!(error instanceof HttpFailure) || error.response.status !== 401) throw error;
      if (isAuthEndpoint(config.url)) throw error;
      inFlight ??= refresh().finally(() => {
        inFlight = null;
      });
      let token: string;
      try {
        token = await inFlight;
      } catch (_refreshError) {
        throw error; // the caller sees its own 401, not the refresh's failure
      }
      // Repeated once: a second 401 goes to the caller as it is.
      return send(config, token);
    }
  };
}
