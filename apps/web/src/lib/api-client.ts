import { FallbackMessages } from '@rota/contracts';
import type { z } from 'zod';
import { API_BASE_URL, REQUEST_TIMEOUT_MS } from './api-config';
import { unwrap } from './api-envelope';
import { ApiError, ClientErrorCodes, toApiError } from './api-error';
import { withAuthRefresh, type Send } from './api-refresh';
import { defaultRetryDelay, withRetry, type RetryDelay } from './api-retry';
import {
  deadline,
  sendOnce,
  urlOf,
  type ApiRequestConfig,
  type ApiResponse,
  type Attempt,
} from './api-transport';
import { takeEarly } from './early-answers';
import { navigateTo } from './navigation';
import { loginPathFor } from './return-path';
import { getToken } from './session';

export type { ApiRequestConfig, ApiResponse } from './api-transport';

export interface ApiClientOptions {
  baseURL?: string;
  /** Injectable so tests do not wait for real exponential back-off. */
  retryDelay?: RetryDelay;
  /** Where a dead session goes; the login page by default (spec §8). */
  onSessionExpired?: () => void;
}

export interface ApiClient {
  /** Milliseconds a call may take unless it says otherwise (spec §9). */
  readonly timeout: number;
  /** Sends the call; every failure is an ApiError. */
  request(config: ApiRequestConfig): Promise<ApiResponse>;
}

/** A dead session goes to the login page, which brings the user back here afterwards. */
function expireToLogin(): void {
  const { pathname, search, hash } = window.location;
  navigateTo(loginPathFor(`${pathname}${search}${hash}`));
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseURL = options.baseURL ?? API_BASE_URL;
  const retryDelay = options.retryDelay ?? defaultRetryDelay;

  // Layers, innermost first: one attempt, its retries within the timeout, then the 401 refresh.
  const send: Send = async (config, token) => {
    const limit = deadline(config.timeout ?? REQUEST_TIMEOUT_MS, config.signal);
    try {
      return await withRetry(
        () => {
          const attempt: Attempt = {
            url: urlOf(baseURL, config.url, config.params),
            method: config.method ?? 'GET',
            data: config.data,
            // Read per attempt: a refresh elsewhere may have replaced it meanwhile.
            token: token ?? getToken(),
            signal: limit.signal,
            timedOut: limit.timedOut,
          };
          return takeEarly(attempt) ?? sendOnce(attempt);
        },
        {
          ...(config.retries !== undefined ? { retries: config.retries } : {}),
          delay: retryDelay,
          signal: limit.signal,
        },
      );
    } finally {
      limit.done();
    }
  };
  const refreshing = withAuthRefresh(send, options.onSessionExpired ?? expireToLogin);

  return {
    timeout: REQUEST_TIMEOUT_MS,
    request: (config) =>
      refreshing(config).catch((error: unknown) => Promise.reject(toApiError(error))),
  };
}

export const apiClient = createApiClient();

/**
 * How an answer's shape is checked: a zod schema, or a type guard where zod must not be loaded
 * (the login page's first load and its budget).
 */
export type AnswerCheck<T> = z.ZodType<T> | ((data: unknown) => data is T);

function checkAnswer<T>(data: unknown, check: AnswerCheck<T>): { success: true; data: T } | null {
  if (typeof check === 'function') return check(data) ? { success: true, data } : null;
  const parsed = check.safeParse(data);
  return parsed.success ? parsed : null;
}

/** Sends a request, unwraps the envelope and, given a schema, checks the answer's shape. */
export async function apiRequest<T = unknown>(
  config: ApiRequestConfig,
  schema?: AnswerCheck<T>,
  client: ApiClient = apiClient,
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
