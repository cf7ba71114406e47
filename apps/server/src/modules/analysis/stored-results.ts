import type { Database } from '../../db/client.js';
import { resultTexts } from './queries.js';

/** What the cache may hold in all: a structure answer is ~13 KB, a large repository's ~1 MB. */
export const STORED_RESULTS_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * The JSON text of stored analysis results by row id, the form an answer sends them in.
 *
 * A row of `analysis_results` never changes once written (its key holds the revision and the
 * engine version; nothing updates it), so the text of an id can never go stale, and an id says
 * nothing about who may read it: callers find ids through the access-checked query of each request
 * (lookAtProject), so a cached text is only ever handed to a request that was just allowed to read
 * that row. A held text skips the driver's JSON.parse, the serializer and JSON.stringify of every
 * answer; the rows were checked against their kind's schema when written (analyze-job.ts). Least
 * recently used texts go first once the byte budget is spent.
 */
export class StoredResults {
  private readonly texts = new Map<string, string>();
  private bytes = 0;

  constructor(
    private readonly db: Database,
    private readonly budgetBytes = STORED_RESULTS_CACHE_BYTES,
  ) {}

  /** The texts of `ids` (each must be a stored row's id), read from the database when not held. */
  async textsOf(ids: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const missing: string[] = [];
    for (const id of ids) {
      const text = this.texts.get(id);
      if (text === undefined) {
        missing.push(id);
        continue;
      }
      // Map order is the eviction order: a hit moves to the back.
      this.texts.delete(id);
      this.texts.set(id, text);
      found.set(id, text);
    }
    if (missing.length > 0) {
      for (const row of await resultTexts(this.db, [...new Set(missing)])) {
        // PostgreSQL writes jsonb with a space after every `:` and `,` (13 KB became 14.4 KB);
        // compacting once per row is paid once and then cached.
        const text = JSON.stringify(JSON.parse(row.text));
        found.set(row.id, text);
        this.remember(row.id, text);
      }
    }
    return found;
  }

  /** How many texts are held (for tests). */
  get size(): number {
    return this.texts.size;
  }

  private remember(id: string, text: string) {
    // UTF-16 in memory: two bytes a character is what the string costs.
    const cost = text.length * 2;
    if (cost > this.budgetBytes || this.texts.has(id)) return;
    this.texts.set(id, text);
    this.bytes += cost;
    for (const [oldest, old] of this.texts) {
      if (this.bytes <= this.budgetBytes) break;
      this.texts.delete(oldest);
      this.bytes -= old.length * 2;
    }
  }
}
