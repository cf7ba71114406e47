import type { RateLimitHit, RateLimiter } from './rate-limiter.js';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * How many windows one process keeps at most. A window costs about 250 bytes (bench/auth-spray.ts),
 * so the cap bounds the limiter near 25 MB whatever a spray of keys does.
 */
export const DEFAULT_MAX_KEYS = 100_000;

export interface MemoryRateLimiterOptions {
  now?: () => number;
  maxKeys?: number;
}

export class MemoryRateLimiter implements RateLimiter {
  /** Insertion order is window-start order (a renewed window is re-inserted): oldest first. */
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly now: () => number;
  private readonly maxKeys: number;

  constructor(options: MemoryRateLimiterOptions = {}) {
    this.now = options.now ?? Date.now;
    this.maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    // Expired windows are dropped once a minute; the cap below handles a burst between sweeps.
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  /** Windows held now (for tests and the spray benchmark). */
  get size(): number {
    return this.windows.size;
  }

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      // Full: forget the window that started first. It is the closest to ending anyway, and the
      // callers' IP gate means one client cannot fill the map by itself (docs/accounts.md, rate limits).
      if (this.windows.size >= this.maxKeys) {
        const oldest = this.windows.keys().next();
        if (!oldest.done) this.windows.delete(oldest.value);
      }
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async peek(key: string): Promise<RateLimitHit> {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return { count: 0, resetInMs: 0 };
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
