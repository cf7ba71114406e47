import { isAxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { AUTH_ENDPOINTS_WITHOUT_REFRESH, REFRESH_URL } from './api-config';
import { unwrap } from './api-envelope';
import { clearTokens, emitSessionEvent, getRefreshToken, storeTokens } from './session';

type RepeatableConfig = InternalAxiosRequestConfig & { _authRepeated?: boolean };

function isAuthEndpoint(url: string | undefined): boolean {
  if (!url) return false;
  const path = url.split('?')[0] ?? '';
  return AUTH_ENDPOINTS_WITHOUT_REFRESH.some((endpoint) => path.endsWith(endpoint));
}

function readRefreshAnswer(body: unknown): { token: string; refreshToken: string | null } {
  const data = unwrap(body) as { token?: unknown; refreshToken?: unknown } | null;
  if (!data || typeof data.token !== 'string' || data.token === '') {
    throw new Error('refresh answer without a token');
  }
  const refreshToken = typeof data.refreshToken === 'string' ? data.refreshToken : null;
  return { token: data.token, refreshToken };
}

/**
 * SPEC §8: on a 401, refresh once with the stored refresh token and repeat the request. Concurrent
 * 401s wait for the same refresh: refresh tokens rotate, so a second refresh with the same token
 * would look like theft to the server and revoke the whole session.
 */
export function installAuthRefresh(instance: AxiosInstance, onSessionExpired: () => void): void {
  let inFlight: Promise<string> | null = null;

  async function refresh(): Promise<string> {
    try {
      const refreshToken = getRefreshToken();
      if (!refreshToken) throw new Error('no refresh token stored');
      const response = await instance.post(REFRESH_URL, { refreshToken });
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

  instance.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isAxiosError(error) || error.response?.status !== 401 || !error.config) throw error;
    const config = error.config as RepeatableConfig;
    if (config._authRepeated || isAuthEndpoint(config.url)) throw error;

    inFlight ??= refresh().finally(() => {
      inFlight = null;
    });
    let token: string;
    try {
      token = await inFlight;
    } catch (_refreshError) {
      throw error; // the caller sees its own 401, not the refresh's failure
    }
    config._authRepeated = true;
    config.headers.set('Authorization', `Bearer ${token}`);
    return instance.request(config);
  });
}
