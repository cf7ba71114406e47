import type { AxiosError, AxiosInstance } from 'axios';
import axiosRetry, { exponentialDelay, isNetworkOrIdempotentRequestError } from 'axios-retry';
import { MAX_RETRIES } from './api-config';

export type RetryDelay = (retryCount: number, error: AxiosError) => number;

/**
 * SPEC §9: network errors, idempotent request errors, or any status of 500 and above. Never a
 * 429: the server has said when to come back (Retry-After), and asking again at once only spends
 * more of the limit; the message tells the user when.
 */
export function shouldRetry(error: AxiosError): boolean {
  if (error.response?.status === 429) return false;
  return isNetworkOrIdempotentRequestError(error) || (error.response?.status ?? 0) >= 500;
}

export const defaultRetryDelay: RetryDelay = (retryCount, error) =>
  exponentialDelay(retryCount, error);

export function installRetry(instance: AxiosInstance, retryDelay: RetryDelay): void {
  axiosRetry(instance, { retries: MAX_RETRIES, retryDelay, retryCondition: shouldRetry });
}
