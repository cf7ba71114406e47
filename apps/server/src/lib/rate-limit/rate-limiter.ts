/**
 * Fixed-window counters keyed by strings ("login:ip:1.2.3.4"). In memory for one process, in Redis
 * when REDIS_URL is set, so that several API processes share one limit.
 *
 * State must stay bounded whatever clients send: callers `peek` where a refusal is possible
 * before they `hit`, so a request already refused creates no counter, and both stores forget a
 * window when it ends (the memory store also caps how many it holds).
 */
export interface RateLimitHit {
  /** Hits in the current window, this one included (for `peek`: so far; 0 when none). */
  count: number;
  /** Milliseconds until the window resets (0 when there is no window). */
  resetInMs: number;
}

export interface RateLimiter {
  /** Counts one hit, starting a window of `windowMs` when none is open. */
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  /** The current window's count without counting or creating anything. */
  peek(key: string): Promise<RateLimitHit>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
