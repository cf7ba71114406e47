/**
 * Fixed-window counters keyed by strings ("login:ip:1.2.3.4"). In memory for one process, in Redis
 * when REDIS_URL is set, so that several API processes share one limit (DESIGN §1).
 */
export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window resets. */
  resetInMs: number;
}

export interface RateLimiter {
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
