import { FallbackMessages } from '@rota/contracts';
import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import type { z } from 'zod';
import { API_BASE_URL, REQUEST_TIMEOUT_MS } from './api-config';
import { unwrap } from './api-envelope';
import { ApiError, ClientErrorCodes, toApiError } from './api-error';
import { installAuthRefresh } from './api-refresh';
import { defaultRetryDelay, installRetry, type RetryDelay } from './api-retry';
import { navigateTo } from './navigation';
import { loginPathFor } from './return-path';
import { getToken } from './session';

export interface ApiClientOptions {
  baseURL?: string;
  /** Injectable so tests do not wait for real exponential back-off. */
  retryDelay?: RetryDelay;
  /** Where a dead session goes; the login page by default (SPEC §8). */
  onSessionExpired?: () => void;
}

/** A dead session goes to the login page, which brings the user back here afterwards. */
function expireToLogin(): void {
  const { pathname, search, hash } = window.location;
  navigateTo(loginPathFor(`${pathname}${search}${hash}`));
}

export function createApiClient(options: ApiClientOptions = {}): AxiosInstance {
  const instance = axios.create({
    baseURL: options.baseURL ?? API_BASE_URL,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  });

  instance.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });

  // Order matters: retries run first, then the 401 refresh, then every failure becomes an ApiError.
  installRetry(instance, options.retryDelay ?? defaultRetryDelay);
  installAuthRefresh(instance, options.onSessionExpired ?? expireToLogin);
  instance.interceptors.response.use(undefined, (error: unknown) =>
    Promise.reject(toApiError(error)),
  );
  return instance;
}

export const apiClient = createApiClient();

/**
 * How an answer's shape is checked: a zod schema, or a type guard where zod must not be loaded
 * (the login page's first load, issue 10 §5 budget).
 */
export type AnswerCheck<T> = z.ZodType<T> | ((data: unknown) => data is T);

function checkAnswer<T>(data: unknown, check: AnswerCheck<T>): { success: true; data: T } | null {
  if (typeof check === 'function') return check(data) ? { success: true, data } : null;
  const parsed = check.safeParse(data);
  return parsed.success ? parsed : null;
}

/** Sends a request, unwraps the envelope and, given a schema, checks the answer's shape. */
export async function apiRequest<T = unknown>(
  config: AxiosRequestConfig,
  schema?: AnswerCheck<T>,
  client: AxiosInstance = apiClient,
): Promise<T> {
  const response = await client.request(config);
  const data = unwrap(response.data);
  if (!schema) return data as T;
  const parsed = checkAnswer(data, schema);
  if (!parsed) {
    throw new ApiError({
      message: FallbackMessages.generic,
      code: ClientErrorCodes.invalidResponse,
      status: response.status,
    });
  }
  return parsed.data;
}

export { ApiError } from './api-error';
