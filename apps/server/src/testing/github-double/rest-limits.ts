/**
 * The double's view of who is calling and how much they may still call, kept the way GitHub keeps
 * it: one bucket per (caller, resource), reported in x-ratelimit-* headers on every answer.
 * Tests switch limits per caller (exhaust a bucket, answer the next calls with a secondary limit).
 */
export type RateResource = 'core' | 'search' | 'graphql';

export interface DoubleUser {
  login: string;
  id: number;
  /**
   * The token's scopes, sent as `x-oauth-scopes` by `GET /user`; left out, the token is like a
   * fine-grained one, for which GitHub sends no such header.
   */
  scopes?: string[];
}

interface Bucket {
  limit: number;
  used: number;
  /** Epoch seconds when the bucket refills. */
  reset: number;
}

/** GitHub's published limits: authenticated callers and anonymous (per address) callers. */
const LIMITS: Record<'authenticated' | 'anonymous', Record<RateResource, number>> = {
  authenticated: { core: 5000, search: 30, graphql: 5000 },
  anonymous: { core: 60, search: 10, graphql: 0 },
};

export const ANONYMOUS = 'anonymous';

export type CallerCheck =
  { ok: true; caller: string; user: DoubleUser | null } | { ok: false; status: 401 };

export class DoubleLimits {
  private readonly tokens = new Map<string, DoubleUser>();
  private readonly revoked = new Set<string>();
  private readonly buckets = new Map<string, Bucket>();
  private readonly secondary = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    readonly secondaryRetryAfterS: number,
  ) {}

  /** Makes `token` a valid credential of `user`. */
  addToken(token: string, user: DoubleUser): void {
    this.tokens.set(token, user);
    this.revoked.delete(token);
  }

  /** The token stops working, as when a user revokes Rota's access on GitHub. */
  revoke(token: string): void {
    this.revoked.add(token);
  }

  /** Reads `Authorization: token X` / `Bearer X`; unknown or revoked tokens are rejected (401). */
  identify(authorization: string | undefined): CallerCheck {
    if (!authorization) return { ok: true, caller: ANONYMOUS, user: null };
    const match = /^(?:token|bearer)\s+(\S+)$/i.exec(authorization.trim());
    const token = match?.[1];
    const user = token ? this.tokens.get(token) : undefined;
    if (!token || !user || this.revoked.has(token)) return { ok: false, status: 401 };
    return { ok: true, caller: token, user };
  }

  bucket(caller: string, resource: RateResource): Bucket {
    const key = `${caller}\u0000${resource}`;
    let bucket = this.buckets.get(key);
    const nowS = Math.floor(this.now() / 1000);
    if (!bucket || bucket.reset <= nowS) {
      const kind = caller === ANONYMOUS ? 'anonymous' : 'authenticated';
      bucket = { limit: LIMITS[kind][resource], used: 0, reset: nowS + 3600 };
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  /** Spends every remaining call of the caller's bucket (null = anonymous). */
  exhaust(token: string | null, resource: RateResource): void {
    const bucket = this.bucket(token ?? ANONYMOUS, resource);
    bucket.used = bucket.limit;
  }

  /** The caller's next `count` calls are refused with a secondary rate limit and retry-after. */
  secondaryLimit(token: string | null, count = 1): void {
    this.secondary.set(token ?? ANONYMOUS, count);
  }

  /** Takes one pending secondary-limit refusal for the caller, if any. */
  takeSecondary(caller: string): boolean {
    const left = this.secondary.get(caller) ?? 0;
    if (left <= 0) return false;
    this.secondary.set(caller, left - 1);
    return true;
  }

  headers(bucket: Bucket, resource: RateResource): Record<string, string> {
    return {
      'x-ratelimit-limit': String(bucket.limit),
      'x-ratelimit-remaining': String(Math.max(0, bucket.limit - bucket.used)),
      'x-ratelimit-used': String(bucket.used),
      'x-ratelimit-reset': String(bucket.reset),
      'x-ratelimit-resource': resource,
    };
  }
}
