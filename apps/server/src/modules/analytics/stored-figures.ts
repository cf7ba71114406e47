import type { Database } from '../../db/client.js';
import { HitCounter, type CacheFigures } from '../../lib/cache-figures.js';
import { deleteStoredAnswers, storedAnswerFigures } from './queries/index.js';

/**
 * The stored answers (`project_analytics`) seen as a cache: how many, how big, how often a read
 * found one it could serve in this process, and forgetting them. Nothing else is lost: a forgotten
 * answer is computed again from the pull requests, reviews and analyses at the next read.
 */
export class StoredAnalytics {
  /** A read served a stored answer (hit) or computed one (miss). */
  readonly counter = new HitCounter();

  constructor(private readonly db: Database) {}

  /** `bytes`: the rows as PostgreSQL stores them (`pg_column_size`, compressed). */
  async stats(): Promise<CacheFigures> {
    const { entries, bytes, oldest } = await storedAnswerFigures(this.db);
    return {
      store: 'database',
      entries,
      bytes,
      hits: this.counter.hits,
      misses: this.counter.misses,
      oldestEntry: oldest,
    };
  }

  /** Forgets the stored figures of these projects; returns how many answers went. */
  forgetProjects(projectIds: readonly string[]): Promise<number> {
    return deleteStoredAnswers(this.db, projectIds);
  }

  /** Forgets every stored answer; returns how many went. */
  forgetAll(): Promise<number> {
    return deleteStoredAnswers(this.db, 'all');
  }
}
