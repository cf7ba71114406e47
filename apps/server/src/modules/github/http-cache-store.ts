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
  get(key: string): Promise<CachedAnswer | undefined>;
  put(key: string, answer: Omit<CachedAnswer, 'storedAt'>): Promise<void>;
}
