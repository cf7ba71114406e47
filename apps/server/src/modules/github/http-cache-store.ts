/** A GitHub answer kept with its ETag. */
export interface CachedAnswer {
  etag: string;
  body: unknown;
  headers: Record<string, string>;
  storedAt: Date;
}

/**
 * Where stored GitHub answers live: the `http_cache` table, or Redis when REDIS_URL is set (shared
 * by every API and worker process either way).
 */
export interface HttpCacheStore {
  /** Where the answers live, as the cache status names it. */
  readonly kind: 'database' | 'redis';
  get(key: string): Promise<CachedAnswer | undefined>;
  put(key: string, answer: Omit<CachedAnswer, 'storedAt'>): Promise<void>;
  /** How many answers are stored, their size as stored, and the oldest's time. */
  figures(): Promise<StoreFigures>;
  /**
   * Deletes the answers of requests to `url` or below it (`url/…`, `url?…`), compared without
   * case as GitHub compares names, whichever credential asked; returns how many went.
   */
  deleteUnder(url: string): Promise<number>;
  /** Deletes every stored answer; returns how many went. */
  clear(): Promise<number>;
}

export interface StoreFigures {
  entries: number;
  bytes: number;
  oldest: Date | null;
}

/** Keys are `<credential key> <URL>` (conditional-requests.ts): the URL a key stored. */
export const urlOfKey = (key: string): string => key.slice(key.indexOf(' ') + 1);

/** Whether a stored request's URL is `url` or below it (both compared in lower case). */
export function isUnder(storedUrl: string, url: string): boolean {
  const stored = storedUrl.toLowerCase();
  const base = url.toLowerCase();
  return stored === base || stored.startsWith(`${base}/`) || stored.startsWith(`${base}?`);
}
