import { HitCounter, type CacheFigures } from '../../lib/cache-figures.js';
import type { HttpCacheStore } from './http-cache-store.js';

/**
 * The stored GitHub answers seen as a cache: figures, and forgetting them. A GET whose stored
 * answer was used (a 304, or served stale) is a hit; one without a stored answer, or whose answer
 * changed, a miss. Forgetting loses nothing but the next call's 304: it asks unconditionally.
 */
export class GitHubResponseCache {
  readonly counter = new HitCounter();

  constructor(
    readonly store: HttpCacheStore,
    private readonly apiUrl: string,
  ) {}

  /** `bytes`: rows as PostgreSQL stores them (compressed), or Redis values' lengths. */
  async stats(): Promise<CacheFigures> {
    const { entries, bytes, oldest } = await this.store.figures();
    return {
      store: this.store.kind,
      entries,
      bytes,
      hits: this.counter.hits,
      misses: this.counter.misses,
      oldestEntry: oldest,
    };
  }

  /** Forgets every stored answer about a repository (`/repos/{owner}/{repo}` and below). */
  forgetRepository(ref: { owner: string; repo: string }): Promise<number> {
    const owner = encodeURIComponent(ref.owner);
    const repo = encodeURIComponent(ref.repo);
    return this.store.deleteUnder(`${this.apiUrl}/repos/${owner}/${repo}`);
  }

  clear(): Promise<number> {
    return this.store.clear();
  }
}
