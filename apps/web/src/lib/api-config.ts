/** Spec §9 timeouts. The longer two are for analytics and the analyses. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const ANALYTICS_TIMEOUT_MS = 180_000;
export const ANALYSIS_TIMEOUT_MS = 300_000;

export const MAX_RETRIES = 3;

/** Same origin by default: the server serves the SPA, and the CSP only allows connect-src 'self'. */
export const API_BASE_URL: string = import.meta.env.VITE_API_URL ?? '';

/** Auth calls whose own 401 means "wrong credentials", never "refresh and try again". */
export const AUTH_ENDPOINTS_WITHOUT_REFRESH = [
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/refresh',
] as const;

export const REFRESH_URL = '/api/auth/refresh';
