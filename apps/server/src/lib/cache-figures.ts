/**
 * What a cache says about itself on `GET /api/cache/status`: each owning module reports its own
 * cache in these terms, and the cache module only puts them side by side.
 */
export interface CacheFigures {
  /** Where the entries live. */
  store: 'memory' | 'database' | 'redis';
  entries: number;
  /** The entries' size as the cache stores them (see each cache's `stats`). */
  bytes: number;
  /** Lookups answered from the cache, and not, in this process since it started. */
  hits: number;
  misses: number;
  /** When the oldest entry held was stored; null when there is none. */
  oldestEntry: Date | null;
}

/** Hits and misses of one cache in this process (never shared: each process counts its own). */
export class HitCounter {
  hits = 0;
  misses = 0;

  hit(): void {
    this.hits += 1;
  }

  miss(): void {
    this.misses += 1;
  }
}
