import type { AxiosError, AxiosInstance } from 'axios';
import axiosRetry, { exponentialDelay, isNetworkOrIdempotentRequestError } from 'axios-retry';
import { MAX_RETRIES } from './api-config';

export type RetryDelay = (retryCount: number, error: AxiosError) => number;

/** SPEC §9: network errors, idempotent request errors, or any status of 500 and above. */
export function shouldRetry(error: AxiosError): boolean {
  return isNetworkOrIdempotentRequestError(error) || (error.response?.status ?? 0) >= 500;
}

export const defaultRetryDelay: RetryDelay = (retryCount, error) =>
  exponentialDelay(retryCount, error);

export function installRetry(instance: AxiosInstance, retryDelay: RetryDelay): void {
  axiosRetry(instance, { retries: MAX_RETRIES, retryDelay, retryCondition: shouldRetry });
}
