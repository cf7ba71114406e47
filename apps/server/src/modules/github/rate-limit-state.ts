/**
 * What GitHub last said about a credential's limits, read from the x-ratelimit-* headers of every
 * answer, so callers can decide to serve cached data before GitHub refuses them.
 */
export type RateResourceName = 'core' | 'search' | 'graphql';

export interface RateBucket {
  limit: number;
  remaining: number;
  used: number;
  /** Epoch seconds when the bucket refills. */
  reset: number;
}

const RESOURCES = new Set<string>(['core', 'search', 'graphql']);

export class RateLimitState {
  private readonly buckets = new Map<string, RateBucket>();

  /**
   * Records the bucket named by the headers of one answer and returns it (nothing when they are
   * incomplete).
   */
  observe(
    credentialKey: string,
    headers: Record<string, string | number | undefined>,
  ): { resource: RateResourceName; bucket: RateBucket } | undefined {
    const resource = String(headers['x-ratelimit-resource'] ?? 'core');
    const numbers = ['limit', 'remaining', 'used', 'reset'].map((name) =>
      Number(headers[`x-ratelimit-${name}`]),
    );
    if (!RESOURCES.has(resource) || numbers.some((n) => !Number.isFinite(n))) return undefined;
    const [limit, remaining, used, reset] = numbers as [number, number, number, number];
    const bucket = { limit, remaining, used, reset };
    this.buckets.set(`${credentialKey}:${resource}`, bucket);
    return { resource: resource as RateResourceName, bucket };
  }

  set(credentialKey: string, resource: RateResourceName, bucket: RateBucket): void {
    this.buckets.set(`${credentialKey}:${resource}`, bucket);
  }

  get(credentialKey: string, resource: RateResourceName): RateBucket | undefined {
    return this.buckets.get(`${credentialKey}:${resource}`);
  }
}
