import type { Octokit } from '@octokit/core';
import type { HitCounter } from '../../lib/cache-figures.js';
import type { GitHubCredential } from './credentials.js';
import type { GitHubCallOutcome, GitHubMetrics } from './github-metrics.js';
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

/** How a failure that was not answered from the store is counted. */
function failureOutcome(error: FailedRequest): GitHubCallOutcome {
  const status = error.status ?? 0;
  if ((status === 403 || status === 429) && isRateLimit(error)) return 'rate_limited';
  if (status >= 400 && status < 500) return 'client_error';
  return 'server_error';
}

export interface ConditionalRequestOptions {
  cache: HttpCacheStore;
  rateLimits: RateLimitState;
  credential: Pick<GitHubCredential, 'key' | 'kind'>;
  /** Hits and misses of the stored answers in this process. */
  counter?: HitCounter;
  /** Every call's outcome and the rate limit left, when the process keeps metrics. */
  metrics?: GitHubMetrics | undefined;
}

/**
 * Makes every GET conditional: the stored ETag goes out as If-None-Match, a 304 (which costs no
 * rate limit) is answered with the stored body, a 200 replaces it. When GitHub refuses (rate
 * limit) or fails, the stored answer is served marked `stale` rather than nothing. Rate-limit
 * headers of every answer, good or bad, update the credential's state.
 */
export function useConditionalRequests(octokit: Octokit, options: ConditionalRequestOptions): void {
  const { cache, rateLimits, credential, counter, metrics } = options;
  const credentialKey = credential.key;
  const observe = (headers: Record<string, string | number | undefined>) => {
    const observed = rateLimits.observe(credentialKey, headers);
    if (observed && metrics)
      metrics.rateLimitRemaining(credential.kind, observed.resource, observed.bucket.remaining);
  };
  const observed = async <T extends { headers: Record<string, string | number | undefined> }>(
    pending: T | Promise<T>,
  ): Promise<T> => {
    try {
      const response = await pending;
      observe(response.headers);
      metrics?.call('ok');
      return response;
    } catch (caught) {
      const headers = (caught as FailedRequest).response?.headers;
      if (headers) observe(headers);
      metrics?.call(failureOutcome(caught as FailedRequest));
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
      observe(response.headers);
      counter?.miss();
      metrics?.call('ok');
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
      if (error.response) observe(error.response.headers);
      if (!stored || (error.status !== 304 && !servesStale(error))) {
        counter?.miss();
        metrics?.call(failureOutcome(error));
        throw caught;
      }
      counter?.hit();
      if (error.status === 304) {
        metrics?.call('not_modified');
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
      metrics?.call('served_stale');
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
