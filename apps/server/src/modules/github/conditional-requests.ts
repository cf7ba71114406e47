import type { Octokit } from '@octokit/core';
import type { HttpCacheStore } from './http-cache-store.js';
import type { RateLimitState } from './rate-limit-state.js';

/** Headers set on answers Rota served from its cache, so callers can say so to the user. */
export const FROM_CACHE_HEADER = 'x-rota-cache';

const REPLAYED_HEADERS = ['link', 'content-type'];

interface FailedRequest {
  status?: number;
  response?: { headers: Record<string, string | number | undefined> };
}

/** Whether a failure is one to answer with stored data (rate limits, GitHub down, network). */
function servesStale(error: FailedRequest): boolean {
  const status = error.status ?? 0;
  return status === 0 || status === 429 || status >= 500 || (status === 403 && isRateLimit(error));
}

export function isRateLimit(error: FailedRequest): boolean {
  const headers = error.response?.headers ?? {};
  return String(headers['x-ratelimit-remaining']) === '0' || headers['retry-after'] !== undefined;
}

/**
 * Makes every GET conditional: the stored ETag goes out as If-None-Match, a 304 (which costs no
 * rate limit) is answered with the stored body, a 200 replaces it. When GitHub refuses (rate
 * limit) or fails, the stored answer is served marked `stale` rather than nothing. Rate-limit
 * headers of every answer, good or bad, update the credential's state.
 */
export function useConditionalRequests(
  octokit: Octokit,
  options: { cache: HttpCacheStore; rateLimits: RateLimitState; credentialKey: string },
): void {
  const { cache, rateLimits, credentialKey } = options;
  const observed = async <T extends { headers: Record<string, string | number | undefined> }>(
    pending: T | Promise<T>,
  ): Promise<T> => {
    try {
      const response = await pending;
      rateLimits.observe(credentialKey, response.headers);
      return response;
    } catch (caught) {
      const headers = (caught as FailedRequest).response?.headers;
      if (headers) rateLimits.observe(credentialKey, headers);
      throw caught;
    }
  };
  octokit.hook.wrap('request', async (request, requestOptions) => {
    const endpoint = octokit.request.endpoint.parse(requestOptions);
    // /rate_limit is free and must be current: never cached, never served stale.
    if (endpoint.method !== 'GET' || endpoint.url.endsWith('/rate_limit')) {
      return observed(request(requestOptions));
    }
    const key = `${credentialKey} ${endpoint.url}`;
    const stored = await cache.get(key);
    if (stored)
      requestOptions.headers = { ...requestOptions.headers, 'if-none-match': stored.etag };
    try {
      const response = await request(requestOptions);
      rateLimits.observe(credentialKey, response.headers);
      const etag = response.headers.etag;
      if (typeof etag === 'string') {
        const headers = Object.fromEntries(
          REPLAYED_HEADERS.flatMap((name) => {
            const value = response.headers[name];
            return typeof value === 'string' ? [[name, value]] : [];
          }),
        );
        await cache.put(key, { etag, body: response.data, headers });
      }
      return response;
    } catch (caught) {
      const error = caught as FailedRequest;
      if (error.response) rateLimits.observe(credentialKey, error.response.headers);
      if (!stored) throw caught;
      if (error.status === 304) {
        return {
          status: 200,
          url: endpoint.url,
          data: stored.body,
          headers: {
            ...error.response?.headers,
            ...stored.headers,
            [FROM_CACHE_HEADER]: 'revalidated',
          },
        };
      }
      if (!servesStale(error)) throw caught;
      return {
        status: 200,
        url: endpoint.url,
        data: stored.body,
        headers: {
          ...stored.headers,
          [FROM_CACHE_HEADER]: 'stale',
          'x-rota-stored-at': stored.storedAt.toISOString(),
        },
      };
    }
  });
}
